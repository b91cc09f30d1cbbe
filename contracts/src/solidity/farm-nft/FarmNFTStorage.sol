// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {YieldMath} from "../YieldMath.sol";
import {IFarmNFTErrors} from "./IFarmNFTErrors.sol";
import {Credential, Invoice, InvoiceStatus} from "./FarmNFTTypes.sol";

/// @dev Storage form of an invoice, packed into four slots.
struct InvoiceRecord {
    /// @dev Receives the principal; nonzero for every existing invoice.
    address farmer;
    /// @dev Target principal, base units.
    uint96 amount;
    /// @dev Principal invested so far, base units.
    uint96 funded;
    /// @dev Last moment investing is allowed, unix seconds.
    uint40 fundingDeadline;
    /// @dev When the target was filled, unix seconds.
    uint40 fundedAt;
    /// @dev Yield for the whole term, basis points.
    uint16 yieldBps;
    /// @dev Term, days.
    uint16 tenorDays;
    /// @dev Lifecycle state.
    InvoiceStatus status;
    /// @dev Position in the pending list (Pending) or the available list (Approved); 0 when in neither.
    uint32 listIndex;
    /// @dev Grace after maturity, days, copied from the setting when the invoice is funded.
    uint8 graceDays;
    /// @dev Repaid so far, base units (at most principal + fee < 2^97).
    uint120 repaid;
    /// @dev Shares harvested or refunded, base units.
    uint96 redeemed;
    /// @dev Defaulted or Settled: earliest moment the default may be settled, unix seconds (0 before a default).
    uint40 settleableAt;
    /// @dev Unique reference of the invoice.
    bytes32 referenceHash;
}

/// @dev An invoice's late fee as of its last accrual: what accrued and the whole days past maturity it counts (one slot).
struct LateFee {
    uint128 accrued;
    uint64 daysCounted;
}

/// @title FarmNFT's own state and the record helpers every module shares.
/// @notice ERC-7201 namespaced storage (OpenZeppelin 5's habit): FarmNFT and the extension it delegates to read the
///         same slots whatever their inheritance, and OpenZeppelin's own variables can never collide with them.
library FarmNFTStorage {
    /// @custom:storage-location erc7201:farm.storage.FarmNFT
    struct Layout {
        // One slot, read together by submissions, approvals and investments (the pause check warms it for them).
        bool paused;
        uint32 invoiceCount;
        uint16 yieldCapBps;
        uint8 graceDays;
        uint16 reservationLimitBps;
        uint96 minInvestment;
        uint16 recoveryDays;
        // Highest financing fee a new invoice may charge, hundredths of a basis point a day (670 = 0.067 %/day).
        uint32 maxDailyFee;
        mapping(uint256 tokenId => InvoiceRecord) invoices;
        mapping(bytes32 referenceHash => uint256 tokenId) tokenIdByReference;
        // Both lists start with a sentinel at index 0, so listIndex 0 means "not listed" and lengths never reach 0.
        uint32[] pendingIds;
        uint32[] availableIds;
        // One packed slot per wallet, read and written by every share movement (FarmNFTCore._update).
        mapping(address wallet => Credential) credentials;
        // The late fee accrued at the invoice's last repayment past maturity, or fixed by its default (decision 0057).
        mapping(uint256 tokenId => LateFee) lateFees;
    }

    // keccak256(abi.encode(uint256(keccak256("farm.storage.FarmNFT")) - 1)) & ~bytes32(uint256(0xff))
    bytes32 private constant LOCATION = 0xa3adb578a31b4b80aed4b5e4db45bdbc78c071daf5a82e1184c8445ed2b96900;

    function layout() internal pure returns (Layout storage $) {
        assembly ("memory-safe") {
            $.slot := LOCATION
        }
    }

    /// @dev The record of an issued invoice; reverts with UnknownInvoice for any other id.
    function existing(Layout storage $, uint256 tokenId) internal view returns (InvoiceRecord storage record) {
        record = $.invoices[tokenId];
        if (record.farmer == address(0)) revert IFarmNFTErrors.UnknownInvoice(tokenId);
    }

    /// @dev The record of an issued invoice an admin is deciding: UnknownInvoice for any other id, OwnInvoiceDecision
    ///      when that admin (`msg.sender`) is its farmer, so no admin decides its own invoice (decision 0071).
    function decidable(Layout storage $, uint256 tokenId) internal view returns (InvoiceRecord storage record) {
        record = $.invoices[tokenId];
        // Read once for both checks.
        address farmer = record.farmer;
        if (farmer == address(0)) revert IFarmNFTErrors.UnknownInvoice(tokenId);
        if (farmer == msg.sender) revert IFarmNFTErrors.OwnInvoiceDecision(tokenId);
    }

    function maturity(InvoiceRecord storage record) internal view returns (uint64) {
        uint64 fundedAt = record.fundedAt;
        // uint40 seconds plus at most 65,535 days cannot overflow 64 bits.
        unchecked {
            return fundedAt == 0 ? 0 : fundedAt + uint64(record.tenorDays) * 1 days;
        }
    }

    function defaultableAt(InvoiceRecord storage record) internal view returns (uint64) {
        uint64 maturity_ = maturity(record);
        unchecked {
            return maturity_ == 0 ? 0 : maturity_ + uint64(record.graceDays) * 1 days;
        }
    }

    /// @dev The late fee owed now: on a Funded invoice what accrued at its last accrual plus the whole days past
    ///      maturity since, at the daily rate on what is still overdue; on a Defaulted one what its default fixed.
    function lateFeeOwed(Layout storage $, InvoiceRecord storage record, uint256 tokenId, InvoiceStatus status)
        internal
        view
        returns (uint256 late)
    {
        (late,) = lateFeeNow($, record, tokenId, status);
    }

    /// @dev Accrues a Funded invoice's late fee to now and stores it, before a repayment changes what is overdue or a
    ///      default fixes it; returns it (what a Defaulted one's default fixed).
    function accrueLateFee(Layout storage $, InvoiceRecord storage record, uint256 tokenId, InvoiceStatus status)
        internal
        returns (uint256 late)
    {
        uint256 daysLate;
        (late, daysLate) = lateFeeNow($, record, tokenId, status);
        if (daysLate == 0) return late;
        LateFee storage stored = $.lateFees[tokenId];
        // Both fit: the late fee is at most the principal (< 2^96) and the days at most 2^64 / 86,400.
        if (daysLate > stored.daysCounted) (stored.accrued, stored.daysCounted) = (uint128(late), uint64(daysLate));
    }

    function lateFeeNow(Layout storage $, InvoiceRecord storage record, uint256 tokenId, InvoiceStatus status)
        private
        view
        returns (uint256 late, uint256 daysLate)
    {
        LateFee storage stored = $.lateFees[tokenId];
        if (status != InvoiceStatus.Funded) return (stored.accrued, stored.daysCounted);
        uint64 maturity_ = maturity(record);
        // Nothing accrues before maturity: its repayments never read the stored slot.
        if (maturity_ == 0 || block.timestamp <= maturity_) return (0, 0);
        late = stored.accrued;
        daysLate = stored.daysCounted;
        uint256 daysNow;
        unchecked {
            daysNow = (block.timestamp - maturity_) / 1 days;
        }
        if (daysNow <= daysLate) return (late, daysLate);
        late = YieldMath.accrueLateFee(
            record.amount, record.yieldBps, record.tenorDays, record.repaid, late, daysNow - daysLate
        );
        daysLate = daysNow;
    }

    /// @dev Late fee paid in on a Repaid invoice: what was repaid beyond principal and fee (holders share it).
    function latePaid(InvoiceRecord storage record) internal view returns (uint256) {
        uint256 amount = record.amount;
        uint256 paidBeyond = amount + YieldMath.financingFee(amount, record.yieldBps);
        uint256 repaid = record.repaid;
        return repaid > paidBeyond ? repaid - paidBeyond : 0;
    }

    /// @dev Principal and fee (late fee included) repaid that holders share after a default: principal first.
    function recovered(InvoiceRecord storage record)
        internal
        view
        returns (uint256 recoveredPrincipal, uint256 recoveredFee)
    {
        uint256 repaid = record.repaid;
        uint256 amount = record.amount;
        recoveredPrincipal = repaid < amount ? repaid : amount;
        recoveredFee = repaid - recoveredPrincipal;
    }

    /// @dev Swap-and-pop removal: the last id takes the removed one's place, so removal is O(1).
    function unlist(Layout storage $, uint32[] storage list, uint32 index) internal {
        // A listed entry means the list holds it and the sentinel.
        uint256 lastIndex;
        unchecked {
            lastIndex = list.length - 1;
        }
        if (index != lastIndex) {
            uint32 moved = list[lastIndex];
            list[index] = moved;
            $.invoices[moved].listIndex = index;
        }
        list.pop();
    }

    /// @dev The view form of a record.
    function toView(InvoiceRecord storage record) internal view returns (Invoice memory invoice) {
        InvoiceStatus status = record.status;
        invoice.farmer = record.farmer;
        invoice.amount = record.amount;
        invoice.funded = record.funded;
        invoice.repaid = record.repaid;
        invoice.yieldBps = record.yieldBps;
        invoice.tenorDays = record.tenorDays;
        invoice.fundingDeadline = record.fundingDeadline;
        invoice.fundedAt = record.fundedAt;
        invoice.maturity = maturity(record);
        invoice.status = status;
        invoice.referenceHash = record.referenceHash;
        invoice.redeemedShares = record.redeemed;
        invoice.graceDays = record.graceDays;
        if (status == InvoiceStatus.Defaulted || status == InvoiceStatus.Settled) {
            (uint256 recoveredPrincipal, uint256 recoveredFee) = recovered(record);
            invoice.recovered = uint128(recoveredPrincipal);
            invoice.recoveredFee = uint128(recoveredFee);
            invoice.settleableAt = record.settleableAt;
        }
    }
}
