// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Permit.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {YieldMath} from "../YieldMath.sol";
import {FarmNFTCore} from "./FarmNFTCore.sol";
import {InvoiceStatus} from "./FarmNFTTypes.sol";
import {FarmNFTStorage, InvoiceRecord} from "./FarmNFTStorage.sol";

/// @title Money back out: repayments, harvests, refunds of cancelled invoices and the settlement of a default.
abstract contract FarmNFTSettlement is FarmNFTCore {
    using SafeERC20 for IERC20;
    using FarmNFTStorage for FarmNFTStorage.Layout;
    using FarmNFTStorage for InvoiceRecord;

    /// @notice Pays towards a Funded (or, as a recovery, Defaulted) invoice; anyone may pay, also while paused.
    ///         Principal is paid first and stays here for the holders; the fee part goes to the vault; the late fee
    ///         (after maturity, decision 0057) is paid last and stays here for the holders. Only what is still due
    ///         is taken; a Funded invoice is Repaid once principal, fee and the late fee accrued at this block are. The payment that completes a Funded invoice has the vault pay the invoice's
    ///         reserved yield to this contract for the holders.
    /// @param tokenId The invoice.
    /// @param amount Base units offered (approved to this contract).
    function repay(uint256 tokenId, uint256 amount) external nonReentrant {
        _repay(tokenId, amount);
    }

    /// @notice `repay` with an ERC-2612 permit for this contract instead of a prior approval.
    /// @param tokenId The invoice.
    /// @param amount Base units offered; also the permitted value.
    /// @param deadline Permit expiry, unix seconds.
    /// @param v Permit signature part.
    /// @param r Permit signature part.
    /// @param s Permit signature part.
    function repayWithPermit(uint256 tokenId, uint256 amount, uint256 deadline, uint8 v, bytes32 r, bytes32 s)
        external
        nonReentrant
    {
        try IERC20Permit(address(gold)).permit(msg.sender, address(this), amount, deadline, v, r, s) {} catch {}
        _repay(tokenId, amount);
    }

    /// @notice Burns all the caller's shares of a Repaid (at or after maturity) or Settled invoice and pays their
    ///         principal and yield (with their pro-rata part of any late fee paid in) in one transfer; never paused.
    /// @param tokenId The invoice.
    /// @return payout Principal plus yield paid, base units.
    function harvest(uint256 tokenId) external nonReentrant returns (uint256 payout) {
        InvoiceRecord storage record = FarmNFTStorage.layout().existing(tokenId);
        InvoiceStatus status = record.status;
        if (status != InvoiceStatus.Repaid && status != InvoiceStatus.Settled) {
            revert InvoiceNotHarvestable(tokenId, status);
        }
        uint64 maturity = record.maturity();
        if (block.timestamp < maturity) revert HarvestBeforeMaturity(tokenId, maturity);
        uint256 shares = balanceOf(msg.sender, tokenId);
        if (shares == 0) revert NoSharesToRedeem(tokenId, msg.sender);
        uint256 before = record.redeemed;
        // Redeemed plus the caller's shares never exceed the shares minted (<= amount < 2^96).
        unchecked {
            record.redeemed = uint96(before + shares);
        }
        uint256 principal;
        uint256 yield;
        if (status == InvoiceStatus.Repaid) {
            principal = shares;
            yield = YieldMath.yieldSlice(before, shares, record.yieldBps);
            // A late repayment's late fee: extra yield, pro rata over the same cumulative share range.
            uint256 late = record.latePaid();
            if (late > 0) yield += YieldMath.principalSlice(before, shares, late, record.funded);
        } else {
            uint256 funded = record.funded;
            (uint256 recoveredPrincipal, uint256 recoveredFee) = record.recovered();
            principal = YieldMath.principalSlice(before, shares, recoveredPrincipal, funded);
            yield = YieldMath.principalSlice(before, shares, recoveredFee, funded);
        }
        _burn(msg.sender, tokenId, shares);
        payout = principal + yield;
        if (payout > 0) gold.safeTransfer(msg.sender, payout);
        emit Harvested(tokenId, msg.sender, shares, principal, yield);
    }

    /// @notice Burns all the caller's shares of a Cancelled invoice and pays their principal back; never paused.
    /// @param tokenId The invoice.
    /// @return refunded Principal paid back, base units.
    function refund(uint256 tokenId) external nonReentrant returns (uint256 refunded) {
        InvoiceRecord storage record = FarmNFTStorage.layout().existing(tokenId);
        if (record.status != InvoiceStatus.Cancelled) revert InvoiceNotCancelled(tokenId, record.status);
        refunded = balanceOf(msg.sender, tokenId);
        if (refunded == 0) revert NoSharesToRedeem(tokenId, msg.sender);
        unchecked {
            record.redeemed = uint96(record.redeemed + refunded);
        }
        _burn(msg.sender, tokenId, refunded);
        gold.safeTransfer(msg.sender, refunded);
        emit Refunded(tokenId, msg.sender, refunded);
    }

    /// @notice Closes the recovery of a Defaulted invoice once its recovery window has passed: the vault pays the
    ///         fee recovered to this contract for the holders and returns the rest of the reservation to its free
    ///         reserve; holders may then harvest their pro-rata share of the principal and fee recovered. Refused to
    ///         the invoice's own farmer (OwnInvoiceDecision): settling closes what its debt can still recover.
    /// @param tokenId The invoice.
    function settleDefault(uint256 tokenId) external onlyRole(ADMIN_ROLE) nonReentrant {
        InvoiceRecord storage record = FarmNFTStorage.layout().decidable(tokenId);
        if (record.status != InvoiceStatus.Defaulted) revert InvoiceNotDefaulted(tokenId, record.status);
        uint40 settleableAt = record.settleableAt;
        if (block.timestamp < settleableAt) revert RecoveryWindowOpen(tokenId, settleableAt);
        record.status = InvoiceStatus.Settled;
        (uint256 recoveredPrincipal, uint256 recoveredFee) = record.recovered();
        // The vault holds the fee part of what was recovered; the late fee part is already here.
        uint256 fee = YieldMath.financingFee(record.amount, record.yieldBps);
        uint256 feeFromVault = recoveredFee < fee ? recoveredFee : fee;
        uint256 releasedYield;
        unchecked {
            releasedYield = fee - feeFromVault;
        }
        if (feeFromVault > 0) vault.withdrawYield(tokenId, address(this), feeFromVault);
        if (releasedYield > 0) vault.releaseYield(tokenId, releasedYield);
        emit DefaultSettled(tokenId, recoveredPrincipal, recoveredFee, releasedYield);
    }

    function _repay(uint256 tokenId, uint256 amount) private {
        FarmNFTStorage.Layout storage $ = FarmNFTStorage.layout();
        InvoiceRecord storage record = $.existing(tokenId);
        InvoiceStatus status = record.status;
        if (status != InvoiceStatus.Funded && status != InvoiceStatus.Defaulted) {
            revert InvoiceNotRepayable(tokenId, status);
        }
        if (amount == 0) revert ZeroAmount();
        uint256 repaidBefore = record.repaid;
        uint256 principalAmount = record.amount;
        // Principal, fee and the late fee accrued to this block (or fixed at the default) are due; what accrued is
        // stored first, so the days after this payment count only what it leaves overdue.
        uint256 dueTotal = $.accrueLateFee(record, tokenId, status);
        (uint256 taken,, uint256 feePart) =
            YieldMath.splitRepayment(principalAmount, record.yieldBps, repaidBefore, amount, dueTotal);
        if (taken == 0) revert NothingDue(tokenId);
        uint256 totalRepaid;
        // splitRepayment takes at most what is due: the total stays <= 2 x principal < 2^97.
        unchecked {
            totalRepaid = repaidBefore + taken;
        }
        record.repaid = uint120(totalRepaid);
        uint256 fee = YieldMath.financingFee(principalAmount, record.yieldBps);
        dueTotal += principalAmount + fee;
        bool fullyRepaid = totalRepaid == dueTotal;
        bool completes = fullyRepaid && status == InvoiceStatus.Funded;
        if (completes) record.status = InvoiceStatus.Repaid;
        // Principal and late fee stay here for the holders.
        if (taken > feePart) gold.safeTransferFrom(msg.sender, address(this), taken - feePart);
        if (feePart > 0) gold.safeTransferFrom(msg.sender, address(vault), feePart);
        // The fee is in: the vault pays the yield it reserved for the holders, who harvest it from here.
        if (completes && fee > 0) vault.withdrawYield(tokenId, address(this), fee);
        emit Repaid(tokenId, msg.sender, taken, totalRepaid, fullyRepaid);
    }
}
