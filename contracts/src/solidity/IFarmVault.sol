// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title What FarmNFT asks of the yield vault.
interface IFarmVault {
    /// @notice Sets aside `amount` of the free reserve as yield promised to the holders of `tokenId`.
    function reserveYield(uint256 tokenId, uint256 amount) external;

    /// @notice Returns `amount` of `tokenId`'s reserved yield to the free reserve (cancelled invoice refunds).
    function releaseYield(uint256 tokenId, uint256 amount) external;

    /// @notice Pays `amount` of `tokenId`'s reserved yield to `to` (harvests).
    function withdrawYield(uint256 tokenId, address to, uint256 amount) external;
}
