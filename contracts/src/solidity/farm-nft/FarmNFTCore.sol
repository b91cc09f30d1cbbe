// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {AccessControlDefaultAdminRules} from
    "@openzeppelin/contracts/access/extensions/AccessControlDefaultAdminRules.sol";
import {ERC1155} from "@openzeppelin/contracts/token/ERC1155/ERC1155.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {IFarmVault} from "../IFarmVault.sol";
import {Credential, FarmNFTConstants} from "./FarmNFTTypes.sol";
import {FarmNFTStorage} from "./FarmNFTStorage.sol";
import {IFarmNFTErrors} from "./IFarmNFTErrors.sol";
import {IFarmNFTEvents} from "./IFarmNFTEvents.sol";

/// @title What every FarmNFT module builds on: the share token, the roles, the pause, GOLD and the vault.
/// @dev The lifecycle, funding and settlement modules each inherit this; FarmNFT joins them into one contract.
abstract contract FarmNFTCore is
    ERC1155,
    AccessControlDefaultAdminRules,
    Pausable,
    ReentrancyGuardTransient,
    IFarmNFTErrors,
    IFarmNFTEvents
{
    /// @notice Approves, rejects, withdraws, defaults and settles invoices; tunes the settings within their bounds.
    /// @return The role id (keccak256 of its name).
    bytes32 public constant ADMIN_ROLE = FarmNFTConstants.ADMIN_ROLE;
    /// @notice The backend signer that submits invoices on behalf of farmers.
    /// @return The role id (keccak256 of its name).
    bytes32 public constant OPERATOR_ROLE = FarmNFTConstants.OPERATOR_ROLE;
    /// @notice May pause and unpause new business (submissions, approvals, investments).
    /// @return The role id (keccak256 of its name).
    bytes32 public constant PAUSER_ROLE = FarmNFTConstants.PAUSER_ROLE;

    /// @notice The GOLD token invested, repaid and paid out.
    /// @return The GOLD token's address.
    IERC20 public immutable gold;
    /// @notice The yield reserve.
    /// @return The FarmVault's address.
    IFarmVault public immutable vault;

    /// @param admin Receives DEFAULT_ADMIN_ROLE (moved later only in two steps, DEFAULT_ADMIN_DELAY apart),
    ///        ADMIN_ROLE and PAUSER_ROLE.
    /// @param operator Receives OPERATOR_ROLE (the backend signer that submits invoices).
    /// @param gold_ The GOLD token.
    /// @param vault_ The yield vault (which must then be connected with FarmVault.setFarmNft).
    /// @param uri_ ERC-1155 metadata URI template.
    constructor(address admin, address operator, IERC20 gold_, IFarmVault vault_, string memory uri_)
        ERC1155(uri_)
        AccessControlDefaultAdminRules(FarmNFTConstants.DEFAULT_ADMIN_DELAY, admin)
    {
        if (operator == address(0) || address(gold_) == address(0) || address(vault_) == address(0)) {
            revert ZeroAddress();
        }
        gold = gold_;
        vault = vault_;
        _grantRole(ADMIN_ROLE, admin);
        _grantRole(PAUSER_ROLE, admin);
        _grantRole(OPERATOR_ROLE, operator);
        _grantRole(FarmNFTConstants.VERIFIER_ROLE, operator);
        FarmNFTStorage.Layout storage $ = FarmNFTStorage.layout();
        $.maxDailyFee = FarmNFTConstants.DEFAULT_MAX_DAILY_FEE;
        $.yieldCapBps = 3000;
        $.graceDays = 30;
        $.reservationLimitBps = 2500;
        $.minInvestment = 1e18;
        $.recoveryDays = 30;
        $.pendingIds.push(0);
        $.availableIds.push(0);
    }

    /// @notice Whether new business (submissions, approvals, investments) is stopped.
    /// @return True while paused.
    function paused() public view virtual override returns (bool) {
        return FarmNFTStorage.layout().paused;
    }

    /// @inheritdoc ERC1155
    function supportsInterface(bytes4 interfaceId)
        public
        view
        virtual
        override(ERC1155, AccessControlDefaultAdminRules)
        returns (bool)
    {
        return super.supportsInterface(interfaceId);
    }

    /// @dev Every share movement passes here: a mint (invest) or transfer needs a receiver with a valid, unfrozen
    ///      credential whose outstanding principal stays within its limit; a transfer needs an unfrozen sender. Burns
    ///      (harvest, refund, settled claims) are exits and are never refused. The counters move by the call's total,
    ///      so outstanding always equals the sum of the wallet's balances without a loop over holders.
    function _update(address from, address to, uint256[] memory ids, uint256[] memory values)
        internal
        virtual
        override
    {
        uint256 total;
        for (uint256 i; i < values.length; ++i) {
            total += values[i];
        }
        mapping(address => Credential) storage credentials = FarmNFTStorage.layout().credentials;
        if (from != address(0)) {
            Credential storage sender = credentials[from];
            if (to != address(0) && sender.frozen) revert WalletFrozen(from);
            // The counter equals the sender's balances; should `total` exceed them, ERC1155 reverts below.
            unchecked {
                sender.outstanding -= uint96(total);
            }
        }
        if (to != address(0)) {
            Credential storage receiver = credentials[to];
            Credential memory c = receiver;
            if (c.tier == 0) revert ReceiverNotVerified(to);
            if (block.timestamp > c.validUntil) revert CredentialExpired(to, c.validUntil);
            if (c.frozen) revert WalletFrozen(to);
            uint256 wouldHold = uint256(c.outstanding) + total;
            if (wouldHold > c.limit) revert PrincipalLimitExceeded(to, wouldHold, c.limit);
            // wouldHold <= limit < 2^96.
            receiver.outstanding = uint96(wouldHold);
        }
        super._update(from, to, ids, values);
    }

    /// @dev The flag lives in the settings slot rather than in Pausable's own, so the pause check of a submission,
    ///      approval or investment pays the cold read that its settings would otherwise pay again.
    function _pause() internal virtual override whenNotPaused {
        FarmNFTStorage.layout().paused = true;
        emit Paused(_msgSender());
    }

    function _unpause() internal virtual override whenPaused {
        FarmNFTStorage.layout().paused = false;
        emit Unpaused(_msgSender());
    }
}
