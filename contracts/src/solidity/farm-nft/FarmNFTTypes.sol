// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @notice Where an invoice is in its lifecycle.
enum InvoiceStatus {
    Pending,
    Approved,
    Rejected,
    Funded,
    Repaid,
    Cancelled,
    Defaulted,
    Settled
}

/// @notice An invoice as the views return it.
struct Invoice {
    /// @notice Receives the principal once funded and owes the repayment.
    address farmer;
    /// @notice Target principal, GOLD base units (also the number of shares when fully funded).
    uint128 amount;
    /// @notice Principal invested so far, base units (= shares minted).
    uint128 funded;
    /// @notice Repaid so far (principal first, then fee), base units.
    uint128 repaid;
    /// @notice Yield for the whole term, basis points (1000 = 10 %); the farmer pays it as the financing fee.
    uint16 yieldBps;
    /// @notice Term from funding to maturity, days.
    uint16 tenorDays;
    /// @notice Last moment investing is allowed, unix seconds.
    uint64 fundingDeadline;
    /// @notice When the target was filled, unix seconds (0 before).
    uint64 fundedAt;
    /// @notice fundedAt + tenorDays, unix seconds (0 before funding).
    uint64 maturity;
    /// @notice Lifecycle state.
    InvoiceStatus status;
    /// @notice Hash of farmer + invoice number + buyer; unique, so an invoice is tokenised once.
    bytes32 referenceHash;
    /// @notice Shares already harvested or refunded (burned).
    uint128 redeemedShares;
    /// @notice Defaulted or Settled: principal repaid that the holders share pro rata, base units (else 0).
    uint128 recovered;
    /// @notice Defaulted or Settled: financing fee repaid that the holders share pro rata, base units (else 0).
    uint128 recoveredFee;
    /// @notice Days after maturity before a default may be declared, fixed when the invoice was funded (0 before).
    uint8 graceDays;
    /// @notice Defaulted or Settled: earliest moment the default may be settled (the default plus the recovery
    ///         window fixed then), unix seconds (else 0).
    uint64 settleableAt;
}

/// @notice Who may hold shares, and how much principal: one storage slot per wallet.
struct Credential {
    /// @notice Last moment (unix seconds) the wallet may receive shares.
    uint40 validUntil;
    /// @notice 0 none, 1 retail, 2 professional.
    uint8 tier;
    /// @notice A frozen wallet neither receives nor sends shares (exits stay open).
    bool frozen;
    /// @notice Most outstanding principal the wallet may hold, GOLD base units (= shares).
    uint96 limit;
    /// @notice Shares the wallet holds across all invoices (moved on every mint, transfer and burn).
    uint96 outstanding;
}

/// @title Role ids and the bounds FarmNFT and its extension both enforce; exposed as public getters by the extension.
library FarmNFTConstants {
    /// @dev Approves, rejects, defaults and settles invoices; tunes the settings within their bounds.
    bytes32 internal constant ADMIN_ROLE = keccak256("ADMIN_ROLE");
    /// @dev The backend signer that submits invoices on behalf of farmers.
    bytes32 internal constant OPERATOR_ROLE = keccak256("OPERATOR_ROLE");
    /// @dev May pause and unpause new business (submissions, approvals, investments).
    bytes32 internal constant PAUSER_ROLE = keccak256("PAUSER_ROLE");
    /// @dev Writes investor credentials (the backend signer); the admin may too.
    bytes32 internal constant VERIFIER_ROLE = keccak256("VERIFIER_ROLE");

    /// @dev Wait before a new default admin may accept the role, seconds (two-step transfer).
    uint48 internal constant DEFAULT_ADMIN_DELAY = 3 days;
    /// @dev Shortest term, days.
    uint16 internal constant MIN_TENOR_DAYS = 7;
    /// @dev Longest term, days.
    uint16 internal constant MAX_TENOR_DAYS = 365;
    /// @dev Highest yield cap the admin may set, basis points (100 %).
    uint16 internal constant MAX_YIELD_CAP_BPS = 10_000;
    /// @dev Shortest grace period the admin may set, days: a farmer always has a week after maturity.
    uint8 internal constant MIN_GRACE_DAYS = 7;
    /// @dev Longest grace period the admin may set, days.
    uint8 internal constant MAX_GRACE_DAYS = 180;
    /// @dev Smallest minimum investment the admin may set, base units (0.01 GOLD).
    uint96 internal constant MIN_INVESTMENT_FLOOR = 1e16;
    /// @dev Largest minimum investment the admin may set, base units (1,000 GOLD).
    uint96 internal constant MIN_INVESTMENT_CEILING = 1_000e18;
    /// @dev Smallest reservation limit the admin may set, basis points of the free reserve (1 %).
    uint16 internal constant MIN_RESERVATION_LIMIT_BPS = 100;
    /// @dev Largest reservation limit the admin may set, basis points of the free reserve (50 %).
    uint16 internal constant MAX_RESERVATION_LIMIT_BPS = 5_000;
    /// @dev Shortest recovery window the admin may set, days: recoveries always have a week after a default.
    uint16 internal constant MIN_RECOVERY_DAYS = 7;
    /// @dev Longest recovery window the admin may set, days.
    uint16 internal constant MAX_RECOVERY_DAYS = 365;
    /// @dev Smallest fee cap the admin may set, hundredths of a basis point a day.
    uint32 internal constant MAX_DAILY_FEE_FLOOR = 1;
    /// @dev Largest fee cap the admin may set, hundredths of a basis point a day (0.1 % a day).
    uint32 internal constant MAX_DAILY_FEE_CEILING = 1_000;
    /// @dev Fee cap of a new deployment: 0.067 % a day (OJK's ceiling for productive lending from 2026).
    uint32 internal constant DEFAULT_MAX_DAILY_FEE = 670;
    /// @dev Largest invoice principal, base units (about 79 billion GOLD; keeps an invoice in few storage slots).
    uint256 internal constant MAX_INVOICE_AMOUNT = type(uint96).max;
}
