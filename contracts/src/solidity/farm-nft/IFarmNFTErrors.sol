// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {InvoiceStatus} from "./FarmNFTTypes.sol";

/// @title Custom errors of FarmNFT, shared by the contract and its extension (as OpenZeppelin's IERC6093 errors).
interface IFarmNFTErrors {
    /// @notice The zero address was given where a real one is needed.
    error ZeroAddress();
    /// @notice Zero amounts are refused.
    error ZeroAmount();
    /// @notice The principal is above MAX_INVOICE_AMOUNT.
    error AmountAboveMaximum(uint256 amount, uint256 maximum);
    /// @notice The yield is above the configured cap.
    error YieldAboveCap(uint16 yieldBps, uint16 yieldCapBps);
    /// @notice The term is outside [MIN_TENOR_DAYS, MAX_TENOR_DAYS].
    error TenorOutOfRange(uint16 tenorDays);
    /// @notice The funding deadline is not after the current block.
    error FundingDeadlineNotInFuture(uint64 fundingDeadline);
    /// @notice The funding deadline does not fit the contract's time range.
    error FundingDeadlineTooFar(uint64 fundingDeadline);
    /// @notice An invoice needs a reference hash.
    error ZeroReferenceHash();
    /// @notice An invoice needs the SHA-256 of its document.
    error ZeroDocumentHash();
    /// @notice This invoice reference was already tokenised as `tokenId`.
    error InvoiceReferenceAlreadyUsed(bytes32 referenceHash, uint256 tokenId);
    /// @notice No invoice has this id.
    error UnknownInvoice(uint256 tokenId);
    /// @notice Only a Pending invoice may be approved or rejected.
    error InvoiceNotPending(uint256 tokenId, InvoiceStatus status);
    /// @notice The admin is the invoice's farmer: another admin takes every decision on it (segregation of duties).
    error OwnInvoiceDecision(uint256 tokenId);
    /// @notice The invoice's yield would reserve more than the allowed share of the vault's free reserve.
    error ReservationAboveLimit(uint256 tokenId, uint256 reservedYield, uint256 limit);
    /// @notice Only an Approved invoice takes investments, can expire or can be withdrawn.
    error InvoiceNotOpenForFunding(uint256 tokenId, InvoiceStatus status);
    /// @notice The funding deadline has passed.
    error FundingDeadlinePassed(uint256 tokenId, uint64 fundingDeadline);
    /// @notice The funding deadline has not passed yet.
    error FundingStillOpen(uint256 tokenId, uint64 fundingDeadline);
    /// @notice A farmer may not invest in its own invoice.
    error InvestorIsFarmer(uint256 tokenId, address investor);
    /// @notice The investment is below the minimum and does not complete the target.
    error InvestmentBelowMinimum(uint256 tokenId, uint256 amount, uint256 minimum);
    /// @notice Only a Funded or Defaulted invoice takes repayments.
    error InvoiceNotRepayable(uint256 tokenId, InvoiceStatus status);
    /// @notice Principal and fee are already paid in full.
    error NothingDue(uint256 tokenId);
    /// @notice Only a Repaid or Settled invoice can be harvested.
    error InvoiceNotHarvestable(uint256 tokenId, InvoiceStatus status);
    /// @notice Harvest opens at maturity.
    error HarvestBeforeMaturity(uint256 tokenId, uint64 maturity);
    /// @notice The caller holds no shares of the invoice (or already harvested or refunded them).
    error NoSharesToRedeem(uint256 tokenId, address holder);
    /// @notice Only a Cancelled invoice is refunded.
    error InvoiceNotCancelled(uint256 tokenId, InvoiceStatus status);
    /// @notice Only a Funded invoice can default.
    error InvoiceNotFunded(uint256 tokenId, InvoiceStatus status);
    /// @notice A default may be declared only once maturity plus the invoice's grace period have passed.
    error GracePeriodNotOver(uint256 tokenId, uint64 defaultableAt);
    /// @notice Only a Defaulted invoice can be settled.
    error InvoiceNotDefaulted(uint256 tokenId, InvoiceStatus status);
    /// @notice A default may be settled only once its recovery window (fixed when it was declared) has passed.
    error RecoveryWindowOpen(uint256 tokenId, uint64 settleableAt);
    /// @notice A withdrawal must say why (the reason is emitted for the holders and the audit).
    error ReasonRequired();
    /// @notice The yield cap may not exceed MAX_YIELD_CAP_BPS.
    error YieldCapAboveMaximum(uint16 yieldCapBps);
    /// @notice The grace period must lie within [MIN_GRACE_DAYS, MAX_GRACE_DAYS].
    error GraceDaysOutOfRange(uint8 graceDays);
    /// @notice The minimum investment must lie within [MIN_INVESTMENT_FLOOR, MIN_INVESTMENT_CEILING].
    error MinInvestmentOutOfRange(uint256 minInvestment);
    /// @notice The reservation limit must lie within [MIN_RESERVATION_LIMIT_BPS, MAX_RESERVATION_LIMIT_BPS].
    error ReservationLimitOutOfRange(uint16 reservationLimitBps);
    /// @notice The recovery window must lie within [MIN_RECOVERY_DAYS, MAX_RECOVERY_DAYS].
    error RecoveryDaysOutOfRange(uint16 recoveryDays);
    /// @notice The fee cap must lie within [MAX_DAILY_FEE_FLOOR, MAX_DAILY_FEE_CEILING].
    error MaxDailyFeeOutOfRange(uint32 maxDailyFee);
    /// @notice The term yield is above maxDailyFee() times the term (maxYieldBps = maxDailyFee * tenorDays / 100).
    error FeeAboveCap(uint256 yieldBps, uint256 maxYieldBps);
    /// @notice A credential needs tier 1 (retail) or 2 (professional) and a validity in the future.
    error InvalidCredential();
    /// @notice The receiver of shares has no credential (or it was revoked).
    error ReceiverNotVerified(address receiver);
    /// @notice The receiver's credential expired at `validUntil`.
    error CredentialExpired(address receiver, uint40 validUntil);
    /// @notice A frozen wallet may neither receive nor send shares (harvest, refund and claims stay open).
    error WalletFrozen(address wallet);
    /// @notice The receiver would hold more outstanding principal than its limit.
    error PrincipalLimitExceeded(address receiver, uint256 wouldHold, uint256 limit);
}
