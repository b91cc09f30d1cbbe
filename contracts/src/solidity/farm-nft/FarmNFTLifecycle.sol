// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {YieldMath} from "../YieldMath.sol";
import {FarmNFTCore} from "./FarmNFTCore.sol";
import {FarmNFTConstants, InvoiceStatus} from "./FarmNFTTypes.sol";
import {FarmNFTStorage, InvoiceRecord} from "./FarmNFTStorage.sol";

/// @title An invoice's way through its states: submitted, approved (yield reserved), cancelled or defaulted.
/// @dev Rejection and withdrawal live in FarmNFTExtension (a rare admin act, kept out of the size-limited contract).
abstract contract FarmNFTLifecycle is FarmNFTCore {
    using FarmNFTStorage for FarmNFTStorage.Layout;
    using FarmNFTStorage for InvoiceRecord;

    /// @notice Tokenises an invoice for `farmer`; it starts Pending.
    /// @param farmer Receives the principal once funded.
    /// @param amount Target principal, base units (1 to MAX_INVOICE_AMOUNT).
    /// @param yieldBps Term yield, basis points, at most yieldCapBps() and maxDailyFee() * tenorDays / 100.
    /// @param tenorDays Term after funding, days, within [7, 365].
    /// @param fundingDeadline Last moment investing is allowed, unix seconds, in the future.
    /// @param referenceHash Hash of farmer + invoice number + buyer, never used before.
    /// @param documentHash SHA-256 of the invoice document, nonzero; emitted, not stored (the event is the record).
    /// @return tokenId The new invoice's id.
    function submitInvoice(
        address farmer,
        uint128 amount,
        uint16 yieldBps,
        uint16 tenorDays,
        uint64 fundingDeadline,
        bytes32 referenceHash,
        bytes32 documentHash
    ) external onlyRole(OPERATOR_ROLE) whenNotPaused returns (uint256 tokenId) {
        FarmNFTStorage.Layout storage $ = FarmNFTStorage.layout();
        if (farmer == address(0)) revert ZeroAddress();
        if (amount == 0) revert ZeroAmount();
        if (amount > FarmNFTConstants.MAX_INVOICE_AMOUNT) {
            revert AmountAboveMaximum(amount, FarmNFTConstants.MAX_INVOICE_AMOUNT);
        }
        // Read with the cap, before any branch, so the optimizer loads their shared slot once.
        uint32 count = $.invoiceCount;
        if (yieldBps > $.yieldCapBps) revert YieldAboveCap(yieldBps, $.yieldCapBps);
        if (tenorDays < FarmNFTConstants.MIN_TENOR_DAYS || tenorDays > FarmNFTConstants.MAX_TENOR_DAYS) {
            revert TenorOutOfRange(tenorDays);
        }
        _checkFeeCap($, yieldBps, tenorDays);
        if (fundingDeadline <= block.timestamp) revert FundingDeadlineNotInFuture(fundingDeadline);
        if (fundingDeadline > type(uint40).max) revert FundingDeadlineTooFar(fundingDeadline);
        if (referenceHash == bytes32(0)) revert ZeroReferenceHash();
        if (documentHash == bytes32(0)) revert ZeroDocumentHash();
        if ($.tokenIdByReference[referenceHash] != 0) {
            revert InvoiceReferenceAlreadyUsed(referenceHash, $.tokenIdByReference[referenceHash]);
        }

        uint32 id = count + 1;
        $.invoiceCount = id;
        tokenId = id;
        $.tokenIdByReference[referenceHash] = tokenId;
        // The new entry's index is the length before the push (saves reading the length again).
        uint256 listIndex = $.pendingIds.length;
        $.pendingIds.push(id);
        InvoiceRecord storage record = $.invoices[tokenId];
        record.farmer = farmer;
        record.amount = uint96(amount);
        record.fundingDeadline = uint40(fundingDeadline);
        record.yieldBps = yieldBps;
        record.tenorDays = tenorDays;
        record.listIndex = uint32(listIndex);
        record.referenceHash = referenceHash;
        emit InvoiceSubmitted(
            tokenId, farmer, amount, yieldBps, tenorDays, fundingDeadline, referenceHash, documentHash
        );
    }

    /// @dev The fee cap: at most maxDailyFee hundredths of a bps a day over the term (OJK 0.067 %/day).
    function _checkFeeCap(FarmNFTStorage.Layout storage $, uint16 yieldBps, uint16 tenorDays) private view {
        uint256 capTimesHundred = uint256($.maxDailyFee) * tenorDays;
        if (uint256(yieldBps) * 100 > capTimesHundred) revert FeeAboveCap(yieldBps, capTimesHundred / 100);
    }

    /// @notice Opens a Pending invoice for investment (before its funding deadline) and reserves its whole yield
    ///         in the vault, refused when that is more than reservationLimitBps() of the vault's free reserve, or
    ///         when its terms are above the yield cap or the fee cap as they stand now. Refused to the invoice's own
    ///         farmer (OwnInvoiceDecision): another admin checks an invoice before investors' money can reach it.
    /// @param tokenId The invoice.
    function approveInvoice(uint256 tokenId) external onlyRole(ADMIN_ROLE) whenNotPaused {
        FarmNFTStorage.Layout storage $ = FarmNFTStorage.layout();
        InvoiceRecord storage record = $.decidable(tokenId);
        if (record.status != InvoiceStatus.Pending) revert InvoiceNotPending(tokenId, record.status);
        if (block.timestamp > record.fundingDeadline) {
            revert FundingDeadlinePassed(tokenId, record.fundingDeadline);
        }
        // The caps as they stand now: terms submitted under a higher cap are not opened for funding above a lowered one.
        if (record.yieldBps > $.yieldCapBps) revert YieldAboveCap(record.yieldBps, $.yieldCapBps);
        _checkFeeCap($, record.yieldBps, record.tenorDays);
        uint256 reservedYield = YieldMath.financingFee(record.amount, record.yieldBps);
        if (reservedYield > 0) {
            uint256 limit = vault.freeReserve() * $.reservationLimitBps / YieldMath.BPS;
            if (reservedYield > limit) revert ReservationAboveLimit(tokenId, reservedYield, limit);
            vault.reserveYield(tokenId, reservedYield);
        }
        $.unlist($.pendingIds, record.listIndex);
        uint256 listIndex = $.availableIds.length;
        $.availableIds.push(uint32(tokenId));
        record.status = InvoiceStatus.Approved;
        record.listIndex = uint32(listIndex);
        emit InvoiceApproved(tokenId, msg.sender, reservedYield);
    }

    /// @notice Cancels an Approved invoice whose funding deadline passed before its target was filled and returns
    ///         its whole reservation to the vault's free reserve; anyone may call, also while paused.
    /// @param tokenId The invoice.
    function cancelExpired(uint256 tokenId) external nonReentrant {
        FarmNFTStorage.Layout storage $ = FarmNFTStorage.layout();
        InvoiceRecord storage record = $.existing(tokenId);
        // Read together, before any branch, so the optimizer loads their shared slot once.
        InvoiceStatus status = record.status;
        uint40 deadline = record.fundingDeadline;
        uint32 listIndex = record.listIndex;
        if (status != InvoiceStatus.Approved) revert InvoiceNotOpenForFunding(tokenId, status);
        if (block.timestamp <= deadline) revert FundingStillOpen(tokenId, deadline);
        $.unlist($.availableIds, listIndex);
        record.status = InvoiceStatus.Cancelled;
        record.listIndex = 0;
        uint256 releasedYield = YieldMath.financingFee(record.amount, record.yieldBps);
        if (releasedYield > 0) vault.releaseYield(tokenId, releasedYield);
        emit InvoiceCancelled(tokenId, releasedYield);
    }

    /// @notice Declares a Funded invoice defaulted once maturity plus its own grace period have passed unpaid, and
    ///         fixes when it may be settled: now plus recoveryDays() (recoveries are taken until then and after), and
    ///         the late fee accrued until now (it stops growing). Refused to the invoice's own farmer
    ///         (OwnInvoiceDecision): a default stops its late fee and starts the clock to settling its debt.
    /// @param tokenId The invoice.
    function markDefaulted(uint256 tokenId) external onlyRole(ADMIN_ROLE) {
        FarmNFTStorage.Layout storage $ = FarmNFTStorage.layout();
        InvoiceRecord storage record = $.decidable(tokenId);
        if (record.status != InvoiceStatus.Funded) revert InvoiceNotFunded(tokenId, record.status);
        uint64 defaultableAt = record.defaultableAt();
        if (block.timestamp < defaultableAt) revert GracePeriodNotOver(tokenId, defaultableAt);
        uint40 settleableAt;
        // A uint40 of seconds lasts 34,000 years; the window is at most MAX_RECOVERY_DAYS.
        unchecked {
            settleableAt = uint40(block.timestamp + uint256($.recoveryDays) * 1 days);
        }
        // What is due is fixed now: the late fee stops accruing, recoveries count against principal, fee and it.
        $.accrueLateFee(record, tokenId, InvoiceStatus.Funded);
        record.status = InvoiceStatus.Defaulted;
        record.settleableAt = settleableAt;
        emit InvoiceDefaulted(tokenId, record.repaid, settleableAt);
    }
}
