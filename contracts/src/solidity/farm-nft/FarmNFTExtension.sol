// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IAccessControl} from "@openzeppelin/contracts/access/IAccessControl.sol";
import {IERC1155} from "@openzeppelin/contracts/token/ERC1155/IERC1155.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {IFarmVault} from "../IFarmVault.sol";
import {YieldMath} from "../YieldMath.sol";
import {FarmNFTConstants, Invoice, InvoiceStatus} from "./FarmNFTTypes.sol";
import {FarmNFTCredentials} from "./FarmNFTCredentials.sol";
import {FarmNFTStorage, InvoiceRecord} from "./FarmNFTStorage.sol";
import {IFarmNFTErrors} from "./IFarmNFTErrors.sol";
import {IFarmNFTEvents} from "./IFarmNFTEvents.sol";

/// @title FarmNFT's settings, read side, rejection and withdrawal, run by FarmNFT through DELEGATECALL.
/// @notice FarmNFT forwards every selector it does not implement here (Compound III's Comet/CometExt pattern), so
///         its rarely used functions take no room in the size-limited contract and cost no gas on the hot paths.
///         Runs only in FarmNFT's storage: called directly it holds no invoices and every admin call reverts.
/// @dev Keeps no state of its own; reads and writes FarmNFT's ERC-7201 namespace (FarmNFTStorage). Roles are
///      checked by asking FarmNFT (address(this) under DELEGATECALL).
/// @dev FarmNFT's own getter of its (immutable) vault, asked by the extension under DELEGATECALL.
interface IFarmNFTVault {
    function vault() external view returns (IFarmVault);
}

contract FarmNFTExtension is FarmNFTCredentials, ReentrancyGuardTransient {
    using FarmNFTStorage for FarmNFTStorage.Layout;
    using FarmNFTStorage for InvoiceRecord;

    /// @notice Wait before a new default admin may accept the role, seconds (two-step transfer).
    /// @return The bound, seconds.
    uint48 public constant DEFAULT_ADMIN_DELAY = FarmNFTConstants.DEFAULT_ADMIN_DELAY;
    /// @notice Shortest term, days.
    /// @return The bound, days.
    uint16 public constant MIN_TENOR_DAYS = FarmNFTConstants.MIN_TENOR_DAYS;
    /// @notice Longest term, days.
    /// @return The bound, days.
    uint16 public constant MAX_TENOR_DAYS = FarmNFTConstants.MAX_TENOR_DAYS;
    /// @notice Highest yield cap the admin may set, basis points (100 %).
    /// @return The bound, basis points.
    uint16 public constant MAX_YIELD_CAP_BPS = FarmNFTConstants.MAX_YIELD_CAP_BPS;
    /// @notice Shortest grace period the admin may set, days: a farmer always has a week after maturity.
    /// @return The bound, days.
    uint8 public constant MIN_GRACE_DAYS = FarmNFTConstants.MIN_GRACE_DAYS;
    /// @notice Longest grace period the admin may set, days.
    /// @return The bound, days.
    uint8 public constant MAX_GRACE_DAYS = FarmNFTConstants.MAX_GRACE_DAYS;
    /// @notice Smallest minimum investment the admin may set, base units (0.01 GOLD).
    /// @return The bound, gOLD base units.
    uint96 public constant MIN_INVESTMENT_FLOOR = FarmNFTConstants.MIN_INVESTMENT_FLOOR;
    /// @notice Largest minimum investment the admin may set, base units (1,000 GOLD).
    /// @return The bound, gOLD base units.
    uint96 public constant MIN_INVESTMENT_CEILING = FarmNFTConstants.MIN_INVESTMENT_CEILING;
    /// @notice Smallest reservation limit the admin may set, basis points of the free reserve (1 %).
    /// @return The bound, basis points.
    uint16 public constant MIN_RESERVATION_LIMIT_BPS = FarmNFTConstants.MIN_RESERVATION_LIMIT_BPS;
    /// @notice Largest reservation limit the admin may set, basis points of the free reserve (50 %): one invoice
    ///         can never take the whole reserve.
    /// @return The bound, basis points.
    uint16 public constant MAX_RESERVATION_LIMIT_BPS = FarmNFTConstants.MAX_RESERVATION_LIMIT_BPS;
    /// @notice Shortest recovery window the admin may set, days: recoveries always have a week after a default.
    /// @return The bound, days.
    uint16 public constant MIN_RECOVERY_DAYS = FarmNFTConstants.MIN_RECOVERY_DAYS;
    /// @notice Longest recovery window the admin may set, days.
    /// @return The bound, days.
    uint16 public constant MAX_RECOVERY_DAYS = FarmNFTConstants.MAX_RECOVERY_DAYS;
    /// @notice Smallest fee cap the admin may set, hundredths of a basis point a day.
    /// @return The bound.
    uint32 public constant MAX_DAILY_FEE_FLOOR = FarmNFTConstants.MAX_DAILY_FEE_FLOOR;
    /// @notice Largest fee cap the admin may set, hundredths of a basis point a day (0.1 % a day).
    /// @return The bound.
    uint32 public constant MAX_DAILY_FEE_CEILING = FarmNFTConstants.MAX_DAILY_FEE_CEILING;
    /// @notice Largest invoice principal, base units (about 79 billion GOLD; keeps an invoice in few storage slots).
    /// @return The bound, gOLD base units.
    uint256 public constant MAX_INVOICE_AMOUNT = FarmNFTConstants.MAX_INVOICE_AMOUNT;

    modifier onlyAdmin() {
        if (!IAccessControl(address(this)).hasRole(FarmNFTConstants.ADMIN_ROLE, msg.sender)) {
            revert IAccessControl.AccessControlUnauthorizedAccount(msg.sender, FarmNFTConstants.ADMIN_ROLE);
        }
        _;
    }

    // ---------------------------------------------------------------- administration

    /// @notice Rejects a Pending invoice for good. Refused to the invoice's own farmer (OwnInvoiceDecision): harmless
    ///         to others, but no admin decides its own invoice, so the rule has no exception to audit and the portal
    ///         offers no decision at all on one's own invoice; another admin rejects it.
    /// @param tokenId The invoice.
    /// @param reason Why, for the farmer.
    function rejectInvoice(uint256 tokenId, string calldata reason) external onlyAdmin {
        FarmNFTStorage.Layout storage $ = FarmNFTStorage.layout();
        InvoiceRecord storage record = $.decidable(tokenId);
        if (record.status != InvoiceStatus.Pending) revert InvoiceNotPending(tokenId, record.status);
        $.unlist($.pendingIds, record.listIndex);
        record.status = InvoiceStatus.Rejected;
        record.listIndex = 0;
        emit InvoiceRejected(tokenId, msg.sender, reason);
    }

    /// @notice Withdraws an Approved invoice before its target is filled (the buyer disputed it after approval,
    ///         fraud found): it becomes Cancelled, its whole reservation returns to the vault's free reserve, and
    ///         every holder may `refund` what it invested. Emits InvoiceCancelled, then InvoiceWithdrawn with the
    ///         reason. Allowed while paused, like every exit. Refused to the invoice's own farmer
    ///         (OwnInvoiceDecision): it would call off its own funding and the holders' yield; another admin decides,
    ///         and after the deadline anyone may cancelExpired.
    /// @param tokenId The invoice.
    /// @param reason Why, for the holders and the audit; required.
    function withdrawInvoice(uint256 tokenId, string calldata reason) external onlyAdmin nonReentrant {
        if (bytes(reason).length == 0) revert ReasonRequired();
        FarmNFTStorage.Layout storage $ = FarmNFTStorage.layout();
        InvoiceRecord storage record = $.decidable(tokenId);
        InvoiceStatus status = record.status;
        if (status != InvoiceStatus.Approved) revert InvoiceNotOpenForFunding(tokenId, status);
        $.unlist($.availableIds, record.listIndex);
        record.status = InvoiceStatus.Cancelled;
        record.listIndex = 0;
        uint256 releasedYield = YieldMath.financingFee(record.amount, record.yieldBps);
        if (releasedYield > 0) IFarmNFTVault(address(this)).vault().releaseYield(tokenId, releasedYield);
        emit InvoiceCancelled(tokenId, releasedYield);
        emit InvoiceWithdrawn(tokenId, msg.sender, releasedYield, reason);
    }

    /// @notice Sets how long a default declared from now on stays open to recoveries before it may be settled (a
    ///         declared default keeps the window it was declared with).
    /// @param recoveryDays_ Days, within [MIN_RECOVERY_DAYS, MAX_RECOVERY_DAYS].
    function setRecoveryDays(uint16 recoveryDays_) external onlyAdmin {
        if (recoveryDays_ < MIN_RECOVERY_DAYS || recoveryDays_ > MAX_RECOVERY_DAYS) {
            revert RecoveryDaysOutOfRange(recoveryDays_);
        }
        FarmNFTStorage.layout().recoveryDays = recoveryDays_;
        emit RecoveryDaysUpdated(recoveryDays_);
    }

    /// @notice Sets the highest yield a new invoice may offer.
    /// @param yieldCapBps_ Basis points, at most MAX_YIELD_CAP_BPS.
    function setYieldCap(uint16 yieldCapBps_) external onlyAdmin {
        if (yieldCapBps_ > MAX_YIELD_CAP_BPS) revert YieldCapAboveMaximum(yieldCapBps_);
        FarmNFTStorage.layout().yieldCapBps = yieldCapBps_;
        emit YieldCapUpdated(yieldCapBps_);
    }

    /// @notice Sets how long after maturity an unpaid invoice may be declared defaulted, for invoices funded from
    ///         now on (a funded invoice keeps the grace it was funded with).
    /// @param graceDays_ Days, within [MIN_GRACE_DAYS, MAX_GRACE_DAYS].
    function setGraceDays(uint8 graceDays_) external onlyAdmin {
        if (graceDays_ < MIN_GRACE_DAYS || graceDays_ > MAX_GRACE_DAYS) revert GraceDaysOutOfRange(graceDays_);
        FarmNFTStorage.layout().graceDays = graceDays_;
        emit GraceDaysUpdated(graceDays_);
    }

    /// @notice Sets the smallest investment accepted; the slice that completes a target may be smaller.
    /// @param minInvestment_ Base units, within [MIN_INVESTMENT_FLOOR, MIN_INVESTMENT_CEILING].
    function setMinInvestment(uint96 minInvestment_) external onlyAdmin {
        if (minInvestment_ < MIN_INVESTMENT_FLOOR || minInvestment_ > MIN_INVESTMENT_CEILING) {
            revert MinInvestmentOutOfRange(minInvestment_);
        }
        FarmNFTStorage.layout().minInvestment = minInvestment_;
        emit MinInvestmentUpdated(minInvestment_);
    }

    /// @notice Sets the largest share of the vault's free reserve that one invoice's yield may reserve at approval.
    /// @param reservationLimitBps_ Basis points, within [MIN_RESERVATION_LIMIT_BPS, MAX_RESERVATION_LIMIT_BPS].
    function setReservationLimit(uint16 reservationLimitBps_) external onlyAdmin {
        if (reservationLimitBps_ < MIN_RESERVATION_LIMIT_BPS || reservationLimitBps_ > MAX_RESERVATION_LIMIT_BPS) {
            revert ReservationLimitOutOfRange(reservationLimitBps_);
        }
        FarmNFTStorage.layout().reservationLimitBps = reservationLimitBps_;
        emit ReservationLimitUpdated(reservationLimitBps_);
    }

    /// @notice Sets the highest financing fee a new invoice may charge: its term yield may be at most
    ///         maxDailyFee * tenorDays / 100 basis points (submitted invoices keep their terms).
    /// @param maxDailyFee_ Hundredths of a basis point a day, within [MAX_DAILY_FEE_FLOOR, MAX_DAILY_FEE_CEILING].
    function setMaxDailyFee(uint32 maxDailyFee_) external onlyAdmin {
        if (maxDailyFee_ < MAX_DAILY_FEE_FLOOR || maxDailyFee_ > MAX_DAILY_FEE_CEILING) {
            revert MaxDailyFeeOutOfRange(maxDailyFee_);
        }
        FarmNFTStorage.layout().maxDailyFee = maxDailyFee_;
        emit MaxDailyFeeUpdated(maxDailyFee_);
    }

    // ---------------------------------------------------------------- views

    /// @notice Highest financing fee a new invoice may charge, hundredths of a basis point a day (670 = 0.067 %).
    /// @return The cap.
    function maxDailyFee() external view returns (uint32) {
        return FarmNFTStorage.layout().maxDailyFee;
    }

    /// @notice Number of invoices ever submitted; ids run from 1 to this.
    /// @return The number of invoices.
    function invoiceCount() external view returns (uint256) {
        return FarmNFTStorage.layout().invoiceCount;
    }

    /// @notice Highest yield a new invoice may offer, basis points.
    /// @return The cap, basis points.
    function yieldCapBps() external view returns (uint16) {
        return FarmNFTStorage.layout().yieldCapBps;
    }

    /// @notice Days after maturity before an unpaid invoice funded from now on may be declared defaulted.
    /// @return The grace period, days.
    function graceDays() external view returns (uint8) {
        return FarmNFTStorage.layout().graceDays;
    }

    /// @notice Days a default declared from now on stays open to recoveries before it may be settled.
    /// @return The recovery window, days.
    function recoveryDays() external view returns (uint16) {
        return FarmNFTStorage.layout().recoveryDays;
    }

    /// @notice Smallest investment accepted, base units (the slice that completes a target may be smaller).
    /// @return The minimum, base units.
    function minInvestment() external view returns (uint256) {
        return FarmNFTStorage.layout().minInvestment;
    }

    /// @notice Largest share of the vault's free reserve one invoice's yield may reserve at approval, bps.
    /// @return The limit, basis points.
    function reservationLimitBps() external view returns (uint16) {
        return FarmNFTStorage.layout().reservationLimitBps;
    }

    /// @notice The invoice tokenised under `referenceHash`, or 0.
    /// @param referenceHash Hash of farmer + invoice number + buyer.
    /// @return The invoice id, or 0.
    function tokenIdByReference(bytes32 referenceHash) external view returns (uint256) {
        return FarmNFTStorage.layout().tokenIdByReference[referenceHash];
    }

    /// @notice One invoice; reverts with UnknownInvoice for an id never issued.
    /// @param tokenId The invoice.
    /// @return The invoice's view form.
    function getInvoice(uint256 tokenId) external view returns (Invoice memory) {
        return FarmNFTStorage.layout().existing(tokenId).toView();
    }

    /// @notice A page of Pending invoices (awaiting the admin), in list order; cost O(limit).
    /// @param offset Index of the first entry.
    /// @param limit Most entries returned.
    /// @return tokenIds Ids of the page.
    /// @return invoices The invoices of the page.
    /// @return total Number of Pending invoices.
    function getPendingInvoices(uint256 offset, uint256 limit)
        external
        view
        returns (uint256[] memory tokenIds, Invoice[] memory invoices, uint256 total)
    {
        return _page(FarmNFTStorage.layout().pendingIds, offset, limit, false);
    }

    /// @notice A page of invoices open for investment (Approved, target not filled, deadline not passed); cost
    ///         O(limit). Entries past their deadline but not yet cancelled are left out of the page, so a page may
    ///         hold fewer than `limit` entries.
    /// @param offset Index of the first entry in the list of Approved invoices.
    /// @param limit Most entries examined.
    /// @return tokenIds Ids of the page.
    /// @return invoices The invoices of the page.
    /// @return total Number of Approved invoices not yet filled or cancelled.
    function getAvailableInvoices(uint256 offset, uint256 limit)
        external
        view
        returns (uint256[] memory tokenIds, Invoice[] memory invoices, uint256 total)
    {
        return _page(FarmNFTStorage.layout().availableIds, offset, limit, true);
    }

    /// @notice What is still owed on a Funded or Defaulted invoice at this block: principal + fee + the late fee
    ///         (accruing by whole days past maturity while Funded, fixed at the default) - repaid; else 0.
    /// @param tokenId The invoice.
    /// @return Base units.
    function amountDue(uint256 tokenId) external view returns (uint256) {
        FarmNFTStorage.Layout storage $ = FarmNFTStorage.layout();
        InvoiceRecord storage record = $.existing(tokenId);
        InvoiceStatus status = record.status;
        if (status != InvoiceStatus.Funded && status != InvoiceStatus.Defaulted) return 0;
        uint256 late = $.lateFeeOwed(record, tokenId, status);
        (uint256 taken,,) =
            YieldMath.splitRepayment(record.amount, record.yieldBps, record.repaid, type(uint256).max, late);
        return taken;
    }

    /// @notice What harvesting all of `holder`'s shares would pay if the invoice ended now, given the current state
    ///         (Funded and Repaid: full principal and yield, paid once repaid; Defaulted and Settled: pro-rata share
    ///         of the principal and fee recovered so far); (0, 0) for invoices that will never be harvested.
    /// @param tokenId The invoice.
    /// @param holder The share holder.
    /// @return principal Base units.
    /// @return yield Base units.
    function previewHarvest(uint256 tokenId, address holder)
        external
        view
        returns (uint256 principal, uint256 yield)
    {
        InvoiceRecord storage record = FarmNFTStorage.layout().existing(tokenId);
        InvoiceStatus status = record.status;
        // Under DELEGATECALL address(this) is FarmNFT, whose ERC-1155 balances live in OpenZeppelin's slots.
        uint256 shares = IERC1155(address(this)).balanceOf(holder, tokenId);
        uint256 before = record.redeemed;
        if (status == InvoiceStatus.Funded || status == InvoiceStatus.Repaid) {
            uint256 late = YieldMath.principalSlice(before, shares, record.latePaid(), record.funded);
            return (shares, YieldMath.yieldSlice(before, shares, record.yieldBps) + late);
        }
        if (status == InvoiceStatus.Defaulted || status == InvoiceStatus.Settled) {
            (uint256 recoveredPrincipal, uint256 recoveredFee) = record.recovered();
            principal = YieldMath.principalSlice(before, shares, recoveredPrincipal, record.funded);
            yield = YieldMath.principalSlice(before, shares, recoveredFee, record.funded);
        }
    }

    function _page(uint32[] storage list, uint256 offset, uint256 limit, bool openOnly)
        private
        view
        returns (uint256[] memory tokenIds, Invoice[] memory invoices, uint256 total)
    {
        mapping(uint256 => InvoiceRecord) storage records = FarmNFTStorage.layout().invoices;
        total = list.length - 1;
        uint256 start = offset >= total ? total : offset;
        uint256 end = limit > total - start ? total : start + limit;
        tokenIds = new uint256[](end - start);
        invoices = new Invoice[](end - start);
        uint256 count;
        for (uint256 i = start; i < end; ++i) {
            uint256 tokenId = list[i + 1];
            InvoiceRecord storage record = records[tokenId];
            if (openOnly && block.timestamp > record.fundingDeadline) continue;
            tokenIds[count] = tokenId;
            invoices[count] = record.toView();
            ++count;
        }
        // Shrink both arrays to the entries kept.
        assembly ("memory-safe") {
            mstore(tokenIds, count)
            mstore(invoices, count)
        }
    }
}
