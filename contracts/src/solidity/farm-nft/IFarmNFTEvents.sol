// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title Events of FarmNFT, shared by the contract and its extension (both emit from FarmNFT's address).
interface IFarmNFTEvents {
    /// @notice The operator tokenised an invoice for `farmer`.
    /// @param tokenId The new token id (= invoice id).
    /// @param farmer Receives the principal.
    /// @param amount Target principal, base units.
    /// @param yieldBps Term yield, basis points.
    /// @param tenorDays Term, days.
    /// @param fundingDeadline Last moment investing is allowed, unix seconds.
    /// @param referenceHash Unique invoice reference.
    /// @param documentHash SHA-256 of the invoice document the backend stored: the token commits to its evidence,
    ///        so anyone holding the file can check it is the one the invoice was tokenised with.
    event InvoiceSubmitted(
        uint256 indexed tokenId,
        address indexed farmer,
        uint256 amount,
        uint16 yieldBps,
        uint16 tenorDays,
        uint64 fundingDeadline,
        bytes32 referenceHash,
        bytes32 documentHash
    );
    /// @notice `admin` approved the invoice: it is open for investment.
    /// @param reservedYield The invoice's whole yield, reserved in the vault from now on, base units.
    event InvoiceApproved(uint256 indexed tokenId, address indexed admin, uint256 reservedYield);
    /// @notice `admin` rejected the invoice for `reason`.
    event InvoiceRejected(uint256 indexed tokenId, address indexed admin, string reason);
    /// @notice `investor` invested `amount` base units and received as many shares.
    /// @param totalFunded Principal invested in the invoice after this investment, base units.
    event Invested(uint256 indexed tokenId, address indexed investor, uint256 amount, uint256 totalFunded);
    /// @notice The target was filled and `principal` base units paid to `farmer`.
    /// @param fundedAt Unix seconds.
    /// @param maturity Unix seconds from which holders may harvest once repaid.
    /// @param graceDays Days after maturity before a default may be declared, fixed for this invoice.
    event InvoiceFunded(
        uint256 indexed tokenId,
        address indexed farmer,
        uint256 principal,
        uint64 fundedAt,
        uint64 maturity,
        uint8 graceDays
    );
    /// @notice `payer` repaid `amount` base units.
    /// @param totalRepaid Repaid so far, base units.
    /// @param fullyRepaid Whether principal and fee are now paid in full.
    event Repaid(
        uint256 indexed tokenId, address indexed payer, uint256 amount, uint256 totalRepaid, bool fullyRepaid
    );
    /// @notice `holder` burned `shares` and received `principal` plus `yield` (base units).
    event Harvested(
        uint256 indexed tokenId, address indexed holder, uint256 shares, uint256 principal, uint256 yield
    );
    /// @notice The funding deadline passed before the target was filled: holders may refund.
    /// @param releasedYield The invoice's reservation, returned to the vault's free reserve, base units.
    event InvoiceCancelled(uint256 indexed tokenId, uint256 releasedYield);
    /// @notice `holder` burned `shares` of a cancelled invoice and got as many base units back.
    event Refunded(uint256 indexed tokenId, address indexed holder, uint256 shares);
    /// @notice `admin` withdrew an Approved invoice before its target was filled, for `reason` (the buyer disputed it
    ///         after approval, fraud found). Emitted after InvoiceCancelled: the invoice is Cancelled, its
    ///         reservation released, and its holders refund what they invested.
    /// @param releasedYield The invoice's reservation, returned to the vault's free reserve, base units.
    event InvoiceWithdrawn(uint256 indexed tokenId, address indexed admin, uint256 releasedYield, string reason);
    /// @notice The farmer did not repay within maturity plus the invoice's grace period.
    /// @param repaidSoFar Repaid before the default, base units.
    /// @param settleableAt Earliest moment the default may be settled (now plus the recovery window), unix seconds;
    ///        recoveries are taken until the settlement.
    event InvoiceDefaulted(uint256 indexed tokenId, uint256 repaidSoFar, uint64 settleableAt);
    /// @notice The default was settled: holders harvest their pro-rata share of what was recovered.
    /// @param recovered Principal repaid in total (before and after the default), base units.
    /// @param recoveredFee Financing fee repaid in total, base units: the holders' yield.
    /// @param releasedYield Reservation of the unrecovered fee, returned to the vault's free reserve, base units.
    event DefaultSettled(uint256 indexed tokenId, uint256 recovered, uint256 recoveredFee, uint256 releasedYield);
    /// @notice The admin changed the highest yield a new invoice may offer (basis points).
    event YieldCapUpdated(uint16 yieldCapBps);
    /// @notice The admin changed the grace period given to invoices funded from now on (days).
    event GraceDaysUpdated(uint8 graceDays);
    /// @notice The admin changed the smallest investment accepted (base units; the last slice may be smaller).
    event MinInvestmentUpdated(uint256 minInvestment);
    /// @notice The admin changed the largest share of the free reserve one invoice's yield may reserve (bps).
    event ReservationLimitUpdated(uint16 reservationLimitBps);
    /// @notice The admin changed the recovery window given to defaults declared from now on (days).
    event RecoveryDaysUpdated(uint16 recoveryDays);
    /// @notice The admin changed the ERC-1155 metadata URI template (with the standard `{id}` substitution).
    event URIUpdated(string uri);
    /// @notice The admin changed the highest financing fee a new invoice may charge, hundredths of a bps a day.
    event MaxDailyFeeUpdated(uint32 maxDailyFee);
    /// @notice A verifier (or the admin) gave `wallet` a credential: tier 1 retail, 2 professional; limit in base units.
    event CredentialSet(address indexed wallet, uint8 tier, uint40 validUntil, uint96 limit);
    /// @notice A verifier (or the admin) froze or unfroze `wallet`.
    event CredentialFrozen(address indexed wallet, bool frozen);
    /// @notice `wallet`'s credential was revoked: it may no longer receive shares (it keeps its exits).
    event CredentialRevoked(address indexed wallet);
}
