// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

/// @title Testnet GOLD faucet: a fixed amount per cooldown, with a lifetime cap per address.
/// @notice Pays out of its own GOLD balance; the admin tunes the amount, cooldown and cap.
contract GoldFaucet is AccessControl {
    using SafeERC20 for IERC20;

    /// @notice What one address has taken from the faucet.
    struct ClaimRecord {
        /// @notice Time of the last claim, unix seconds (0 = never claimed).
        uint64 lastClaimAt;
        /// @notice GOLD claimed over the address's lifetime, base units.
        uint192 claimedTotal;
    }

    /// @notice The token handed out.
    /// @return The GOLD token's address.
    IERC20 public immutable gold;
    /// @notice GOLD paid per claim, base units.
    /// @return Base units per claim.
    uint256 public claimAmount;
    /// @notice Seconds an address waits between two claims.
    /// @return Seconds.
    uint256 public cooldown;
    /// @notice Most GOLD one address may claim in total, base units.
    /// @return Base units per address.
    uint256 public lifetimeCap;

    mapping(address account => ClaimRecord) private _claims;

    /// @notice An address claimed GOLD.
    /// @param account Receiver of the GOLD.
    /// @param amount Base units paid.
    /// @param nextClaimAt Unix seconds from which the account may claim again.
    event Claimed(address indexed account, uint256 amount, uint256 nextClaimAt);
    /// @notice The admin changed the amount paid per claim (base units).
    event ClaimAmountUpdated(uint256 claimAmount);
    /// @notice The admin changed the cooldown between claims (seconds).
    event CooldownUpdated(uint256 cooldown);
    /// @notice The admin changed the lifetime cap per address (base units).
    event LifetimeCapUpdated(uint256 lifetimeCap);

    /// @notice The account claimed less than `cooldown` seconds ago.
    error ClaimCoolingDown(address account, uint256 nextClaimAt);
    /// @notice Another claim would take the account past its lifetime cap.
    error LifetimeCapReached(address account, uint256 claimedTotal, uint256 lifetimeCap);
    /// @notice The faucet holds less GOLD than one claim pays.
    error FaucetEmpty(uint256 balance, uint256 claimAmount);
    /// @notice A claim amount of zero would make the faucet useless.
    error ZeroClaimAmount();
    /// @notice The zero address was given where a real one is needed.
    error ZeroAddress();

    /// @param admin Receives DEFAULT_ADMIN_ROLE (tunes the settings).
    /// @param gold_ The GOLD token.
    /// @param claimAmount_ Base units per claim (10,000 GOLD by default in deployFarm).
    /// @param cooldown_ Seconds between claims (24 hours by default).
    /// @param lifetimeCap_ Base units one address may claim in total.
    constructor(address admin, IERC20 gold_, uint256 claimAmount_, uint256 cooldown_, uint256 lifetimeCap_) {
        if (admin == address(0) || address(gold_) == address(0)) revert ZeroAddress();
        if (claimAmount_ == 0) revert ZeroClaimAmount();
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        gold = gold_;
        claimAmount = claimAmount_;
        cooldown = cooldown_;
        lifetimeCap = lifetimeCap_;
    }

    /// @notice Pays `claimAmount` GOLD to the caller once per cooldown, within the lifetime cap.
    function claim() external {
        ClaimRecord memory record = _claims[msg.sender];
        uint256 amount = claimAmount;
        if (record.lastClaimAt != 0 && block.timestamp < record.lastClaimAt + cooldown) {
            revert ClaimCoolingDown(msg.sender, record.lastClaimAt + cooldown);
        }
        if (record.claimedTotal + amount > lifetimeCap) {
            revert LifetimeCapReached(msg.sender, record.claimedTotal, lifetimeCap);
        }
        uint256 balance = gold.balanceOf(address(this));
        if (balance < amount) revert FaucetEmpty(balance, amount);
        _claims[msg.sender] =
            ClaimRecord({lastClaimAt: uint64(block.timestamp), claimedTotal: uint192(record.claimedTotal + amount)});
        gold.safeTransfer(msg.sender, amount);
        emit Claimed(msg.sender, amount, block.timestamp + cooldown);
    }

    /// @notice Whether `account` could claim right now (cooldown over, cap not reached, faucet not empty).
    /// @param account The address asking.
    /// @return True when a claim by `account` would succeed now.
    function canClaim(address account) external view returns (bool) {
        ClaimRecord memory record = _claims[account];
        return _cooldownOver(record) && record.claimedTotal + claimAmount <= lifetimeCap
            && gold.balanceOf(address(this)) >= claimAmount;
    }

    /// @notice Seconds until `account` may claim again: 0 when the cooldown is over, type(uint256).max once the
    ///         lifetime cap leaves no room for another claim.
    /// @param account The address asking.
    /// @return Seconds (0, a wait, or type(uint256).max).
    function timeUntilNextClaim(address account) external view returns (uint256) {
        ClaimRecord memory record = _claims[account];
        if (record.claimedTotal + claimAmount > lifetimeCap) return type(uint256).max;
        if (_cooldownOver(record)) return 0;
        return record.lastClaimAt + cooldown - block.timestamp;
    }

    /// @notice GOLD `account` has claimed in total, base units.
    /// @param account The address asking.
    /// @return Base units.
    function claimedTotal(address account) external view returns (uint256) {
        return _claims[account].claimedTotal;
    }

    /// @notice Sets the GOLD paid per claim.
    /// @param claimAmount_ Base units, greater than zero.
    function setClaimAmount(uint256 claimAmount_) external onlyRole(DEFAULT_ADMIN_ROLE) {
        if (claimAmount_ == 0) revert ZeroClaimAmount();
        claimAmount = claimAmount_;
        emit ClaimAmountUpdated(claimAmount_);
    }

    /// @notice Sets the wait between two claims of one address.
    /// @param cooldown_ Seconds.
    function setCooldown(uint256 cooldown_) external onlyRole(DEFAULT_ADMIN_ROLE) {
        cooldown = cooldown_;
        emit CooldownUpdated(cooldown_);
    }

    /// @notice Sets the most GOLD one address may claim in total.
    /// @param lifetimeCap_ Base units.
    function setLifetimeCap(uint256 lifetimeCap_) external onlyRole(DEFAULT_ADMIN_ROLE) {
        lifetimeCap = lifetimeCap_;
        emit LifetimeCapUpdated(lifetimeCap_);
    }

    function _cooldownOver(ClaimRecord memory record) private view returns (bool) {
        return record.lastClaimAt == 0 || block.timestamp >= record.lastClaimAt + cooldown;
    }
}
