// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title What FarmNFT asks of the yield vault.
interface IFarmVault {
    /// @notice GOLD not promised to anyone, base units: the vault's balance minus what is reserved.
    /// @return Base units.
    function freeReserve() external view returns (uint256);

    /// @notice Sets aside `amount` of the free reserve as yield promised to the holders of `tokenId`.
    /// @param tokenId The invoice the yield is promised for.
    /// @param amount Base units.
    function reserveYield(uint256 tokenId, uint256 amount) external;

    /// @notice Returns `amount` of `tokenId`'s reserved yield to the free reserve (a cancelled invoice, or the unrecovered fee of a settled default).
    /// @param tokenId The invoice whose reservation shrinks.
    /// @param amount Base units.
    function releaseYield(uint256 tokenId, uint256 amount) external;

    /// @notice Pays `amount` of `tokenId`'s reserved yield to `to` (FarmNFT, for the holders, once the fee is paid in).
    /// @param tokenId The invoice whose reservation is paid.
    /// @param to Receives the GOLD.
    /// @param amount Base units.
    function withdrawYield(uint256 tokenId, address to, uint256 amount) external;
}
