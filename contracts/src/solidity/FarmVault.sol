// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {IFarmVault} from "./IFarmVault.sol";

/// @title The GOLD yield reserve behind every promise of yield.
/// @notice Its GOLD balance is split into reserved (promised to holders of invested invoices) and free (the rest).
///         Only FarmNFT may reserve, release or pay out yield, so GOLD.balanceOf(vault) >= reserved() always holds.
///         Financing fees repaid by farmers arrive as plain transfers and add to the free reserve.
contract FarmVault is IFarmVault, AccessControl {
    using SafeERC20 for IERC20;

    /// @notice The GOLD token.
    /// @return The GOLD token's address.
    IERC20 public immutable gold;
    // One slot: every FarmNFT call reads both, and the slot is never zero once connected, so the first
    // reservation does not pay for a fresh slot. 2^96 base units is far above GOLD's supply cap.
    address private _farmNft;
    uint96 private _reserved;

    /// @notice GOLD was added to the free reserve by `from` (base units).
    event YieldDeposited(address indexed from, uint256 amount);
    /// @notice Yield was promised to the holders of `tokenId` (base units moved from free to reserved).
    event YieldReserved(uint256 indexed tokenId, uint256 amount);
    /// @notice Reserved yield of `tokenId` went back to the free reserve (base units).
    event YieldReleased(uint256 indexed tokenId, uint256 amount);
    /// @notice Reserved yield of `tokenId` was paid to `to` (base units).
    event YieldWithdrawn(uint256 indexed tokenId, address indexed to, uint256 amount);
    /// @notice The admin connected the vault to FarmNFT.
    event FarmNftSet(address indexed farmNft);

    /// @notice Only FarmNFT may move reserved yield.
    error CallerNotFarmNft(address caller);
    /// @notice The vault is already connected to a FarmNFT.
    error FarmNftAlreadySet(address farmNft);
    /// @notice The free reserve cannot cover the yield asked for: no yield is promised without GOLD behind it.
    error InsufficientFreeReserve(uint256 requested, uint256 available);
    /// @notice More yield would leave the reserve than is reserved.
    error ExceedsReserved(uint256 requested, uint256 reserved);
    /// @notice Zero amounts are refused.
    error ZeroAmount();
    /// @notice The zero address was given where a real one is needed.
    error ZeroAddress();

    modifier onlyFarmNft() {
        if (msg.sender != _farmNft) revert CallerNotFarmNft(msg.sender);
        _;
    }

    /// @param admin Receives DEFAULT_ADMIN_ROLE (connects FarmNFT).
    /// @param gold_ The GOLD token.
    constructor(address admin, IERC20 gold_) {
        if (admin == address(0) || address(gold_) == address(0)) revert ZeroAddress();
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        gold = gold_;
    }

    /// @notice Connects the vault to FarmNFT, once (FarmNFT is deployed after the vault it points at).
    /// @param farmNft_ The FarmNFT contract.
    function setFarmNft(address farmNft_) external onlyRole(DEFAULT_ADMIN_ROLE) {
        if (farmNft_ == address(0)) revert ZeroAddress();
        if (_farmNft != address(0)) revert FarmNftAlreadySet(_farmNft);
        _farmNft = farmNft_;
        emit FarmNftSet(farmNft_);
    }

    /// @notice Adds GOLD to the free reserve, pulled from the caller (who approved the vault first).
    /// @param amount Base units.
    function depositYield(uint256 amount) external {
        if (amount == 0) revert ZeroAmount();
        gold.safeTransferFrom(msg.sender, address(this), amount);
        emit YieldDeposited(msg.sender, amount);
    }

    /// @notice The only contract allowed to reserve, release and withdraw yield; set once.
    /// @return FarmNFT's address (zero until connected).
    function farmNft() external view returns (address) {
        return _farmNft;
    }

    /// @notice GOLD promised to investors and not yet paid or released, base units.
    /// @return Base units.
    function reserved() external view returns (uint256) {
        return _reserved;
    }

    /// @notice GOLD not promised to anyone, base units: the vault's balance minus what is reserved.
    /// @return Base units.
    function freeReserve() public view returns (uint256) {
        return gold.balanceOf(address(this)) - _reserved;
    }

    /// @inheritdoc IFarmVault
    function reserveYield(uint256 tokenId, uint256 amount) external onlyFarmNft {
        uint256 available = freeReserve();
        if (amount > available) revert InsufficientFreeReserve(amount, available);
        _reserved = SafeCast.toUint96(_reserved + amount);
        emit YieldReserved(tokenId, amount);
    }

    /// @inheritdoc IFarmVault
    function releaseYield(uint256 tokenId, uint256 amount) external onlyFarmNft {
        _unreserve(amount);
        emit YieldReleased(tokenId, amount);
    }

    /// @inheritdoc IFarmVault
    function withdrawYield(uint256 tokenId, address to, uint256 amount) external onlyFarmNft {
        _unreserve(amount);
        gold.safeTransfer(to, amount);
        emit YieldWithdrawn(tokenId, to, amount);
    }

    function _unreserve(uint256 amount) private {
        uint256 current = _reserved;
        if (amount > current) revert ExceedsReserved(amount, current);
        unchecked {
            _reserved = uint96(current - amount);
        }
    }
}
