// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IAccessControl} from "@openzeppelin/contracts/access/IAccessControl.sol";
import {Credential, FarmNFTConstants} from "./FarmNFTTypes.sol";
import {FarmNFTStorage} from "./FarmNFTStorage.sol";
import {IFarmNFTErrors} from "./IFarmNFTErrors.sol";
import {IFarmNFTEvents} from "./IFarmNFTEvents.sol";

/// @title Investor credentials: who may hold shares, until when, and how much principal (decision 0049).
/// @notice Written by the verifier (the backend signer) or the admin; enforced by FarmNFT on every share movement.
///         Part of FarmNFTExtension, so it runs by DELEGATECALL in FarmNFT's storage.
abstract contract FarmNFTCredentials is IFarmNFTErrors, IFarmNFTEvents {
    /// @notice Writes investor credentials (granted to the operator at deployment); the admin may too.
    /// @return The role id (keccak256 of its name).
    bytes32 public constant VERIFIER_ROLE = FarmNFTConstants.VERIFIER_ROLE;

    modifier onlyVerifier() {
        IAccessControl farmNft = IAccessControl(address(this));
        if (
            !farmNft.hasRole(FarmNFTConstants.VERIFIER_ROLE, msg.sender)
                && !farmNft.hasRole(FarmNFTConstants.ADMIN_ROLE, msg.sender)
        ) {
            revert IAccessControl.AccessControlUnauthorizedAccount(msg.sender, FarmNFTConstants.VERIFIER_ROLE);
        }
        _;
    }

    /// @notice Gives `wallet` a credential (or renews or changes it); its freeze and outstanding principal stay.
    ///         A limit below what the wallet holds is allowed: it then receives nothing until it holds less.
    /// @param wallet The investor's wallet.
    /// @param tier 1 retail or 2 professional.
    /// @param validUntil Last moment the wallet may receive shares, unix seconds, in the future.
    /// @param limit Most outstanding principal the wallet may hold, base units.
    function setCredential(address wallet, uint8 tier, uint40 validUntil, uint96 limit) external onlyVerifier {
        _set(wallet, tier, validUntil, limit);
    }

    /// @notice Freezes or unfreezes `wallet`: a frozen wallet neither receives nor sends shares, but still
    ///         harvests, refunds and claims.
    /// @param wallet The wallet.
    /// @param frozen True to freeze.
    function setFrozen(address wallet, bool frozen) external onlyVerifier {
        FarmNFTStorage.layout().credentials[wallet].frozen = frozen;
        emit CredentialFrozen(wallet, frozen);
    }

    /// @notice Revokes `wallet`'s credential: it may no longer receive shares; what it holds stays redeemable.
    /// @param wallet The wallet.
    function revokeCredential(address wallet) external onlyVerifier {
        _revoke(wallet);
    }

    /// @notice A verified investor lost its wallet: revokes the old one's credential and gives the new one a
    ///         credential in one transaction. The old wallet's shares stay claimable by it.
    /// @param oldWallet The lost wallet.
    /// @param newWallet The investor's new wallet.
    /// @param tier 1 retail or 2 professional.
    /// @param validUntil Last moment the new wallet may receive shares, unix seconds, in the future.
    /// @param limit Most outstanding principal the new wallet may hold, base units.
    function replaceCredential(address oldWallet, address newWallet, uint8 tier, uint40 validUntil, uint96 limit)
        external
        onlyVerifier
    {
        if (oldWallet == newWallet) revert InvalidCredential();
        _revoke(oldWallet);
        _set(newWallet, tier, validUntil, limit);
    }

    /// @notice `wallet`'s credential (all zero for a wallet never verified).
    /// @param wallet The wallet.
    /// @return The credential, with the principal it holds now (`outstanding`).
    function credentialOf(address wallet) external view returns (Credential memory) {
        return FarmNFTStorage.layout().credentials[wallet];
    }

    function _set(address wallet, uint8 tier, uint40 validUntil, uint96 limit) private {
        if (wallet == address(0)) revert ZeroAddress();
        if (tier == 0 || tier > 2 || validUntil <= block.timestamp) revert InvalidCredential();
        Credential storage credential = FarmNFTStorage.layout().credentials[wallet];
        credential.tier = tier;
        credential.validUntil = validUntil;
        credential.limit = limit;
        emit CredentialSet(wallet, tier, validUntil, limit);
    }

    function _revoke(address wallet) private {
        Credential storage credential = FarmNFTStorage.layout().credentials[wallet];
        credential.tier = 0;
        credential.validUntil = 0;
        credential.limit = 0;
        emit CredentialRevoked(wallet);
    }
}
