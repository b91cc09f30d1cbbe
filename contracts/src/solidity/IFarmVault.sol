// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title What FarmNFT asks of the yield vault.
interface IFarmVault {
    /// @notice GOLD not promised to anyone, base units: the vault's balance minus what is reserved.
    function freeReserve() external view returns (uint256);

    /// @notice Sets aside `amount` of the free reserve as yield promised to the holders of `tokenId`.
    function reserveYield(uint256 tokenId, uint256 amount) external;

    /// @notice Returns `amount` of `tokenId`'s reserved yield to the free reserve (a cancelled invoice, or the unrecovered fee of a settled default).
    function releaseYield(uint256 tokenId, uint256 amount) external;

    /// @notice Pays `amount` of `tokenId`'s reserved yield to `to` (FarmNFT, for the holders, once the fee is paid in).
    function withdrawYield(uint256 tokenId, address to, uint256 amount) external;
}
