// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {AccessControlDefaultAdminRules} from
    "@openzeppelin/contracts/access/extensions/AccessControlDefaultAdminRules.sol";
import {ERC1155} from "@openzeppelin/contracts/token/ERC1155/ERC1155.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Permit.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {IFarmVault} from "./IFarmVault.sol";
import {YieldMath} from "./YieldMath.sol";

/// @title Invoices as ERC-1155 token ids; their units are investor shares (1 unit = 1 GOLD base unit of principal).
/// @notice Lifecycle: Pending -> Approved | Rejected; Approved -> Funded (target filled) | Cancelled (deadline
///         passed); Funded -> Repaid (principal + fee paid) | Defaulted (maturity + the invoice's grace passed);
///         Defaulted -> Settled.
///         Money model: yield is paid only from what was earned. The invoice's whole yield (the farmer's financing
///         fee) is reserved in FarmVault once, at approval, and refused above a share of the free reserve, so no
///         invoice can freeze funding for others and investing never touches the vault. The fee paid with the
///         repayment goes to the vault; when the invoice is repaid in full the vault pays the reserved yield to this
///         contract for the holders. A default pays the holders their pro-rata share of what was recovered
///         (principal and fee alike) and returns the reservation of the unrecovered fee to the free reserve.
contract FarmNFT is ERC1155, AccessControlDefaultAdminRules, Pausable, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

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
    }

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
        /// @dev Repaid so far, base units.
        uint128 repaid;
        /// @dev Shares harvested or refunded, base units.
        uint96 redeemed;
        /// @dev Unique reference of the invoice.
        bytes32 referenceHash;
    }

    /// @notice Approves, rejects, defaults and settles invoices; tunes the settings within their bounds.
    bytes32 public constant ADMIN_ROLE = keccak256("ADMIN_ROLE");
    /// @notice The backend signer that submits invoices on behalf of farmers.
    bytes32 public constant OPERATOR_ROLE = keccak256("OPERATOR_ROLE");
    /// @notice May pause and unpause new business (submissions, approvals, investments).
    bytes32 public constant PAUSER_ROLE = keccak256("PAUSER_ROLE");

    /// @notice Wait before a new default admin may accept the role, seconds (two-step transfer).
    uint48 public constant DEFAULT_ADMIN_DELAY = 3 days;
    /// @notice Shortest term, days.
    uint16 public constant MIN_TENOR_DAYS = 7;
    /// @notice Longest term, days.
    uint16 public constant MAX_TENOR_DAYS = 365;
    /// @notice Highest yield cap the admin may set, basis points (100 %).
    uint16 public constant MAX_YIELD_CAP_BPS = 10_000;
    /// @notice Shortest grace period the admin may set, days: a farmer always has a week after maturity.
    uint8 public constant MIN_GRACE_DAYS = 7;
    /// @notice Longest grace period the admin may set, days.
    uint8 public constant MAX_GRACE_DAYS = 180;
    /// @notice Smallest minimum investment the admin may set, base units (0.01 GOLD).
    uint96 public constant MIN_INVESTMENT_FLOOR = 1e16;
    /// @notice Largest minimum investment the admin may set, base units (1,000 GOLD).
    uint96 public constant MIN_INVESTMENT_CEILING = 1_000e18;
    /// @notice Smallest reservation limit the admin may set, basis points of the free reserve (1 %).
    uint16 public constant MIN_RESERVATION_LIMIT_BPS = 100;
    /// @notice Largest reservation limit the admin may set, basis points of the free reserve (50 %): one invoice
    ///         can never take the whole reserve.
    uint16 public constant MAX_RESERVATION_LIMIT_BPS = 5_000;
    /// @notice Largest invoice principal, base units (about 79 billion GOLD; keeps an invoice in few storage slots).
    uint256 public constant MAX_INVOICE_AMOUNT = type(uint96).max;

    /// @notice The GOLD token invested, repaid and paid out.
    IERC20 public immutable gold;
    /// @notice The yield reserve.
    IFarmVault public immutable vault;

    // One slot, read together by submissions, approvals and investments.
    uint32 private _invoiceCount;
    uint16 private _yieldCapBps;
    uint8 private _graceDays;
    uint16 private _reservationLimitBps;
    uint96 private _minInvestment;

    mapping(uint256 tokenId => InvoiceRecord) private _invoices;
    mapping(bytes32 referenceHash => uint256 tokenId) private _tokenIdByReference;
    // Both lists start with a sentinel at index 0, so listIndex 0 means "not listed" and the lengths never drop to 0.
    uint32[] private _pendingIds;
    uint32[] private _availableIds;

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
    /// @notice The farmer did not repay within maturity plus the invoice's grace period.
    /// @param repaidSoFar Repaid before the default, base units.
    event InvoiceDefaulted(uint256 indexed tokenId, uint256 repaidSoFar);
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
    /// @notice The admin changed the ERC-1155 metadata URI template (with the standard `{id}` substitution).
    event URIUpdated(string uri);

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
    /// @notice The invoice's yield would reserve more than the allowed share of the vault's free reserve.
    error ReservationAboveLimit(uint256 tokenId, uint256 reservedYield, uint256 limit);
    /// @notice Only an Approved invoice takes investments or can expire.
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
    /// @notice The yield cap may not exceed MAX_YIELD_CAP_BPS.
    error YieldCapAboveMaximum(uint16 yieldCapBps);
    /// @notice The grace period must lie within [MIN_GRACE_DAYS, MAX_GRACE_DAYS].
    error GraceDaysOutOfRange(uint8 graceDays);
    /// @notice The minimum investment must lie within [MIN_INVESTMENT_FLOOR, MIN_INVESTMENT_CEILING].
    error MinInvestmentOutOfRange(uint256 minInvestment);
    /// @notice The reservation limit must lie within [MIN_RESERVATION_LIMIT_BPS, MAX_RESERVATION_LIMIT_BPS].
    error ReservationLimitOutOfRange(uint16 reservationLimitBps);

    /// @param admin Receives DEFAULT_ADMIN_ROLE (moved later only in two steps, DEFAULT_ADMIN_DELAY apart),
    ///        ADMIN_ROLE and PAUSER_ROLE.
    /// @param operator Receives OPERATOR_ROLE (the backend signer that submits invoices).
    /// @param gold_ The GOLD token.
    /// @param vault_ The yield vault (which must then be connected with FarmVault.setFarmNft).
    /// @param uri_ ERC-1155 metadata URI template.
    constructor(address admin, address operator, IERC20 gold_, IFarmVault vault_, string memory uri_)
        ERC1155(uri_)
        AccessControlDefaultAdminRules(DEFAULT_ADMIN_DELAY, admin)
    {
        if (operator == address(0) || address(gold_) == address(0) || address(vault_) == address(0)) {
            revert ZeroAddress();
        }
        gold = gold_;
        vault = vault_;
        _grantRole(ADMIN_ROLE, admin);
        _grantRole(PAUSER_ROLE, admin);
        _grantRole(OPERATOR_ROLE, operator);
        _yieldCapBps = 3000;
        _graceDays = 30;
        _reservationLimitBps = 2500;
        _minInvestment = 1e18;
        _pendingIds.push(0);
        _availableIds.push(0);
    }

    // ---------------------------------------------------------------- lifecycle

    /// @notice Tokenises an invoice for `farmer`; it starts Pending.
    /// @param farmer Receives the principal once funded.
    /// @param amount Target principal, base units (1 to MAX_INVOICE_AMOUNT).
    /// @param yieldBps Term yield, basis points, at most yieldCapBps().
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
        if (farmer == address(0)) revert ZeroAddress();
        if (amount == 0) revert ZeroAmount();
        if (amount > MAX_INVOICE_AMOUNT) revert AmountAboveMaximum(amount, MAX_INVOICE_AMOUNT);
        uint16 cap = _yieldCapBps;
        if (yieldBps > cap) revert YieldAboveCap(yieldBps, cap);
        if (tenorDays < MIN_TENOR_DAYS || tenorDays > MAX_TENOR_DAYS) revert TenorOutOfRange(tenorDays);
        if (fundingDeadline <= block.timestamp) revert FundingDeadlineNotInFuture(fundingDeadline);
        if (fundingDeadline > type(uint40).max) revert FundingDeadlineTooFar(fundingDeadline);
        if (referenceHash == bytes32(0)) revert ZeroReferenceHash();
        if (documentHash == bytes32(0)) revert ZeroDocumentHash();
        uint256 existing = _tokenIdByReference[referenceHash];
        if (existing != 0) revert InvoiceReferenceAlreadyUsed(referenceHash, existing);

        uint32 id = _invoiceCount + 1;
        _invoiceCount = id;
        tokenId = id;
        _tokenIdByReference[referenceHash] = tokenId;
        _pendingIds.push(id);
        InvoiceRecord storage record = _invoices[tokenId];
        record.farmer = farmer;
        record.amount = uint96(amount);
        record.fundingDeadline = uint40(fundingDeadline);
        record.yieldBps = yieldBps;
        record.tenorDays = tenorDays;
        record.listIndex = uint32(_pendingIds.length - 1);
        record.referenceHash = referenceHash;
        emit InvoiceSubmitted(
            tokenId, farmer, amount, yieldBps, tenorDays, fundingDeadline, referenceHash, documentHash
        );
    }

    /// @notice Opens a Pending invoice for investment (before its funding deadline) and reserves its whole yield
    ///         in the vault, refused when that is more than reservationLimitBps() of the vault's free reserve.
    /// @param tokenId The invoice.
    function approveInvoice(uint256 tokenId) external onlyRole(ADMIN_ROLE) whenNotPaused {
        InvoiceRecord storage record = _existing(tokenId);
        if (record.status != InvoiceStatus.Pending) revert InvoiceNotPending(tokenId, record.status);
        if (block.timestamp > record.fundingDeadline) {
            revert FundingDeadlinePassed(tokenId, record.fundingDeadline);
        }
        uint256 reservedYield = YieldMath.financingFee(record.amount, record.yieldBps);
        if (reservedYield > 0) {
            uint256 limit = vault.freeReserve() * _reservationLimitBps / YieldMath.BPS;
            if (reservedYield > limit) revert ReservationAboveLimit(tokenId, reservedYield, limit);
            vault.reserveYield(tokenId, reservedYield);
        }
        _unlist(_pendingIds, record.listIndex);
        _availableIds.push(uint32(tokenId));
        record.status = InvoiceStatus.Approved;
        record.listIndex = uint32(_availableIds.length - 1);
        emit InvoiceApproved(tokenId, msg.sender, reservedYield);
    }

    /// @notice Rejects a Pending invoice for good.
    /// @param tokenId The invoice.
    /// @param reason Why, for the farmer.
    function rejectInvoice(uint256 tokenId, string calldata reason) external onlyRole(ADMIN_ROLE) {
        InvoiceRecord storage record = _existing(tokenId);
        if (record.status != InvoiceStatus.Pending) revert InvoiceNotPending(tokenId, record.status);
        _unlist(_pendingIds, record.listIndex);
        record.status = InvoiceStatus.Rejected;
        record.listIndex = 0;
        emit InvoiceRejected(tokenId, msg.sender, reason);
    }

    /// @notice Invests up to `amount` GOLD (approved to this contract) and receives as many shares; only what is
    ///         left to fund is taken. The investment that fills the target pays the principal to the farmer and
    ///         starts the term.
    /// @param tokenId An Approved invoice before its funding deadline, not the caller's own.
    /// @param amount Base units offered: at least minInvestment(), unless it completes the target.
    /// @return invested Base units taken (and shares minted).
    function invest(uint256 tokenId, uint256 amount) external nonReentrant whenNotPaused returns (uint256 invested) {
        return _invest(tokenId, amount);
    }

    /// @notice `invest` with an ERC-2612 permit for this contract instead of a prior approval.
    /// @param tokenId An Approved invoice before its funding deadline, not the caller's own.
    /// @param amount Base units offered (only what is left to fund is taken); also the permitted value.
    /// @param deadline Permit expiry, unix seconds.
    /// @param v Permit signature part.
    /// @param r Permit signature part.
    /// @param s Permit signature part.
    /// @return invested Base units taken (and shares minted).
    function investWithPermit(uint256 tokenId, uint256 amount, uint256 deadline, uint8 v, bytes32 r, bytes32 s)
        external
        nonReentrant
        whenNotPaused
        returns (uint256 invested)
    {
        // A front-run permit has already set the allowance: ignore its failure and let the transfer decide.
        try IERC20Permit(address(gold)).permit(msg.sender, address(this), amount, deadline, v, r, s) {} catch {}
        return _invest(tokenId, amount);
    }

    /// @notice Pays towards a Funded (or, as a recovery, Defaulted) invoice; anyone may pay, also while paused.
    ///         Principal is paid first and stays here for the holders; the fee part goes to the vault. Only what
    ///         is still due is taken. The payment that completes a Funded invoice has the vault pay the invoice's
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
    ///         principal and yield in one transfer; never paused.
    /// @param tokenId The invoice.
    /// @return payout Principal plus yield paid, base units.
    function harvest(uint256 tokenId) external nonReentrant returns (uint256 payout) {
        InvoiceRecord storage record = _existing(tokenId);
        InvoiceStatus status = record.status;
        if (status != InvoiceStatus.Repaid && status != InvoiceStatus.Settled) {
            revert InvoiceNotHarvestable(tokenId, status);
        }
        uint64 maturity = _maturity(record);
        if (block.timestamp < maturity) revert HarvestBeforeMaturity(tokenId, maturity);
        uint256 shares = balanceOf(msg.sender, tokenId);
        if (shares == 0) revert NoSharesToRedeem(tokenId, msg.sender);
        uint256 before = record.redeemed;
        record.redeemed = uint96(before + shares);
        uint256 principal;
        uint256 yield;
        if (status == InvoiceStatus.Repaid) {
            principal = shares;
            yield = YieldMath.yieldSlice(before, shares, record.yieldBps);
        } else {
            uint256 funded = record.funded;
            (uint256 recoveredPrincipal, uint256 recoveredFee) = _recovered(record);
            principal = YieldMath.principalSlice(before, shares, recoveredPrincipal, funded);
            yield = YieldMath.principalSlice(before, shares, recoveredFee, funded);
        }
        _burn(msg.sender, tokenId, shares);
        payout = principal + yield;
        if (payout > 0) gold.safeTransfer(msg.sender, payout);
        emit Harvested(tokenId, msg.sender, shares, principal, yield);
    }

    /// @notice Cancels an Approved invoice whose funding deadline passed before its target was filled and returns
    ///         its whole reservation to the vault's free reserve; anyone may call, also while paused.
    /// @param tokenId The invoice.
    function cancelExpired(uint256 tokenId) external nonReentrant {
        InvoiceRecord storage record = _existing(tokenId);
        if (record.status != InvoiceStatus.Approved) revert InvoiceNotOpenForFunding(tokenId, record.status);
        if (block.timestamp <= record.fundingDeadline) revert FundingStillOpen(tokenId, record.fundingDeadline);
        _unlist(_availableIds, record.listIndex);
        record.status = InvoiceStatus.Cancelled;
        record.listIndex = 0;
        uint256 releasedYield = YieldMath.financingFee(record.amount, record.yieldBps);
        if (releasedYield > 0) vault.releaseYield(tokenId, releasedYield);
        emit InvoiceCancelled(tokenId, releasedYield);
    }

    /// @notice Burns all the caller's shares of a Cancelled invoice and pays their principal back; never paused.
    /// @param tokenId The invoice.
    /// @return refunded Principal paid back, base units.
    function refund(uint256 tokenId) external nonReentrant returns (uint256 refunded) {
        InvoiceRecord storage record = _existing(tokenId);
        if (record.status != InvoiceStatus.Cancelled) revert InvoiceNotCancelled(tokenId, record.status);
        refunded = balanceOf(msg.sender, tokenId);
        if (refunded == 0) revert NoSharesToRedeem(tokenId, msg.sender);
        record.redeemed = uint96(record.redeemed + refunded);
        _burn(msg.sender, tokenId, refunded);
        gold.safeTransfer(msg.sender, refunded);
        emit Refunded(tokenId, msg.sender, refunded);
    }

    /// @notice Declares a Funded invoice defaulted once maturity plus its own grace period have passed unpaid.
    /// @param tokenId The invoice.
    function markDefaulted(uint256 tokenId) external onlyRole(ADMIN_ROLE) {
        InvoiceRecord storage record = _existing(tokenId);
        if (record.status != InvoiceStatus.Funded) revert InvoiceNotFunded(tokenId, record.status);
        uint64 defaultableAt = _defaultableAt(record);
        if (block.timestamp < defaultableAt) revert GracePeriodNotOver(tokenId, defaultableAt);
        record.status = InvoiceStatus.Defaulted;
        emit InvoiceDefaulted(tokenId, record.repaid);
    }

    /// @notice Closes the recovery of a Defaulted invoice: the vault pays the fee recovered to this contract for
    ///         the holders and returns the rest of the reservation to its free reserve; holders may then harvest
    ///         their pro-rata share of the principal and fee recovered.
    /// @param tokenId The invoice.
    function settleDefault(uint256 tokenId) external onlyRole(ADMIN_ROLE) nonReentrant {
        InvoiceRecord storage record = _existing(tokenId);
        if (record.status != InvoiceStatus.Defaulted) revert InvoiceNotDefaulted(tokenId, record.status);
        record.status = InvoiceStatus.Settled;
        (uint256 recoveredPrincipal, uint256 recoveredFee) = _recovered(record);
        uint256 releasedYield = YieldMath.financingFee(record.amount, record.yieldBps) - recoveredFee;
        if (recoveredFee > 0) vault.withdrawYield(tokenId, address(this), recoveredFee);
        if (releasedYield > 0) vault.releaseYield(tokenId, releasedYield);
        emit DefaultSettled(tokenId, recoveredPrincipal, recoveredFee, releasedYield);
    }

    // ---------------------------------------------------------------- administration

    /// @notice Sets the highest yield a new invoice may offer.
    /// @param yieldCapBps_ Basis points, at most MAX_YIELD_CAP_BPS.
    function setYieldCap(uint16 yieldCapBps_) external onlyRole(ADMIN_ROLE) {
        if (yieldCapBps_ > MAX_YIELD_CAP_BPS) revert YieldCapAboveMaximum(yieldCapBps_);
        _yieldCapBps = yieldCapBps_;
        emit YieldCapUpdated(yieldCapBps_);
    }

    /// @notice Sets how long after maturity an unpaid invoice may be declared defaulted, for invoices funded from
    ///         now on (a funded invoice keeps the grace it was funded with).
    /// @param graceDays_ Days, within [MIN_GRACE_DAYS, MAX_GRACE_DAYS].
    function setGraceDays(uint8 graceDays_) external onlyRole(ADMIN_ROLE) {
        if (graceDays_ < MIN_GRACE_DAYS || graceDays_ > MAX_GRACE_DAYS) revert GraceDaysOutOfRange(graceDays_);
        _graceDays = graceDays_;
        emit GraceDaysUpdated(graceDays_);
    }

    /// @notice Sets the smallest investment accepted; the slice that completes a target may be smaller.
    /// @param minInvestment_ Base units, within [MIN_INVESTMENT_FLOOR, MIN_INVESTMENT_CEILING].
    function setMinInvestment(uint96 minInvestment_) external onlyRole(ADMIN_ROLE) {
        if (minInvestment_ < MIN_INVESTMENT_FLOOR || minInvestment_ > MIN_INVESTMENT_CEILING) {
            revert MinInvestmentOutOfRange(minInvestment_);
        }
        _minInvestment = minInvestment_;
        emit MinInvestmentUpdated(minInvestment_);
    }

    /// @notice Sets the largest share of the vault's free reserve that one invoice's yield may reserve at approval.
    /// @param reservationLimitBps_ Basis points, within [MIN_RESERVATION_LIMIT_BPS, MAX_RESERVATION_LIMIT_BPS].
    function setReservationLimit(uint16 reservationLimitBps_) external onlyRole(ADMIN_ROLE) {
        if (reservationLimitBps_ < MIN_RESERVATION_LIMIT_BPS || reservationLimitBps_ > MAX_RESERVATION_LIMIT_BPS) {
            revert ReservationLimitOutOfRange(reservationLimitBps_);
        }
        _reservationLimitBps = reservationLimitBps_;
        emit ReservationLimitUpdated(reservationLimitBps_);
    }

    /// @notice Sets the ERC-1155 metadata URI template (`{id}` is replaced by the hex token id).
    /// @param uri_ The new template.
    function setURI(string calldata uri_) external onlyRole(ADMIN_ROLE) {
        _setURI(uri_);
        emit URIUpdated(uri_);
    }

    /// @notice Stops new business (submissions, approvals, investments) until unpaused; repayments, harvests,
    ///         refunds, cancellations and share transfers go on.
    function pause() external onlyRole(PAUSER_ROLE) {
        _pause();
    }

    /// @notice Resumes after a pause.
    function unpause() external onlyRole(PAUSER_ROLE) {
        _unpause();
    }

    // ---------------------------------------------------------------- views

    /// @notice Number of invoices ever submitted; ids run from 1 to this.
    function invoiceCount() external view returns (uint256) {
        return _invoiceCount;
    }

    /// @notice Highest yield a new invoice may offer, basis points.
    function yieldCapBps() external view returns (uint16) {
        return _yieldCapBps;
    }

    /// @notice Days after maturity before an unpaid invoice funded from now on may be declared defaulted.
    function graceDays() external view returns (uint8) {
        return _graceDays;
    }

    /// @notice Smallest investment accepted, base units (the slice that completes a target may be smaller).
    function minInvestment() external view returns (uint256) {
        return _minInvestment;
    }

    /// @notice Largest share of the vault's free reserve one invoice's yield may reserve at approval, bps.
    function reservationLimitBps() external view returns (uint16) {
        return _reservationLimitBps;
    }

    /// @notice The invoice tokenised under `referenceHash`, or 0.
    /// @param referenceHash Hash of farmer + invoice number + buyer.
    function tokenIdByReference(bytes32 referenceHash) external view returns (uint256) {
        return _tokenIdByReference[referenceHash];
    }

    /// @notice One invoice; reverts with UnknownInvoice for an id never issued.
    /// @param tokenId The invoice.
    function getInvoice(uint256 tokenId) external view returns (Invoice memory) {
        return _view(_existing(tokenId));
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
        return _page(_pendingIds, offset, limit, false);
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
        return _page(_availableIds, offset, limit, true);
    }

    /// @notice What is still owed on a Funded or Defaulted invoice (principal + fee - repaid), else 0.
    /// @param tokenId The invoice.
    function amountDue(uint256 tokenId) external view returns (uint256) {
        InvoiceRecord storage record = _existing(tokenId);
        if (record.status != InvoiceStatus.Funded && record.status != InvoiceStatus.Defaulted) return 0;
        (uint256 taken,,) = YieldMath.splitRepayment(record.amount, record.yieldBps, record.repaid, type(uint256).max);
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
        InvoiceRecord storage record = _existing(tokenId);
        InvoiceStatus status = record.status;
        uint256 shares = balanceOf(holder, tokenId);
        uint256 before = record.redeemed;
        if (status == InvoiceStatus.Funded || status == InvoiceStatus.Repaid) {
            return (shares, YieldMath.yieldSlice(before, shares, record.yieldBps));
        }
        if (status == InvoiceStatus.Defaulted || status == InvoiceStatus.Settled) {
            (uint256 recoveredPrincipal, uint256 recoveredFee) = _recovered(record);
            principal = YieldMath.principalSlice(before, shares, recoveredPrincipal, record.funded);
            yield = YieldMath.principalSlice(before, shares, recoveredFee, record.funded);
        }
    }

    /// @inheritdoc ERC1155
    function supportsInterface(bytes4 interfaceId)
        public
        view
        override(ERC1155, AccessControlDefaultAdminRules)
        returns (bool)
    {
        return super.supportsInterface(interfaceId);
    }

    // ---------------------------------------------------------------- internals

    function _invest(uint256 tokenId, uint256 amount) private returns (uint256 taken) {
        InvoiceRecord storage record = _existing(tokenId);
        if (record.status != InvoiceStatus.Approved) revert InvoiceNotOpenForFunding(tokenId, record.status);
        if (block.timestamp > record.fundingDeadline) {
            revert FundingDeadlinePassed(tokenId, record.fundingDeadline);
        }
        address farmer = record.farmer;
        if (msg.sender == farmer) revert InvestorIsFarmer(tokenId, msg.sender);
        if (amount == 0) revert ZeroAmount();
        uint256 target = record.amount;
        uint256 fundedBefore = record.funded;
        uint256 remaining = target - fundedBefore;
        // Two investors racing for the last slice both succeed: the later one takes only what is left.
        taken = amount < remaining ? amount : remaining;
        if (taken < remaining) {
            uint256 minimum = _minInvestment;
            if (taken < minimum) revert InvestmentBelowMinimum(tokenId, amount, minimum);
        }
        uint256 totalFunded = fundedBefore + taken;
        record.funded = uint96(totalFunded);
        bool filled = totalFunded == target;
        uint8 grace;
        if (filled) {
            _unlist(_availableIds, record.listIndex);
            grace = _graceDays;
            record.status = InvoiceStatus.Funded;
            record.fundedAt = uint40(block.timestamp);
            record.graceDays = grace;
            record.listIndex = 0;
        }
        gold.safeTransferFrom(msg.sender, address(this), taken);
        _mint(msg.sender, tokenId, taken, "");
        emit Invested(tokenId, msg.sender, taken, totalFunded);
        if (filled) {
            gold.safeTransfer(farmer, target);
            emit InvoiceFunded(tokenId, farmer, target, uint64(block.timestamp), _maturity(record), grace);
        }
    }

    function _repay(uint256 tokenId, uint256 amount) private {
        InvoiceRecord storage record = _existing(tokenId);
        InvoiceStatus status = record.status;
        if (status != InvoiceStatus.Funded && status != InvoiceStatus.Defaulted) {
            revert InvoiceNotRepayable(tokenId, status);
        }
        if (amount == 0) revert ZeroAmount();
        uint256 repaidBefore = record.repaid;
        uint256 principalAmount = record.amount;
        (uint256 taken, uint256 principalPart, uint256 feePart) =
            YieldMath.splitRepayment(principalAmount, record.yieldBps, repaidBefore, amount);
        if (taken == 0) revert NothingDue(tokenId);
        uint256 totalRepaid = repaidBefore + taken;
        record.repaid = uint128(totalRepaid);
        uint256 fee = YieldMath.financingFee(principalAmount, record.yieldBps);
        bool fullyRepaid = totalRepaid == principalAmount + fee;
        bool completes = fullyRepaid && status == InvoiceStatus.Funded;
        if (completes) record.status = InvoiceStatus.Repaid;
        if (principalPart > 0) gold.safeTransferFrom(msg.sender, address(this), principalPart);
        if (feePart > 0) gold.safeTransferFrom(msg.sender, address(vault), feePart);
        // The fee is in: the vault pays the yield it reserved for the holders, who harvest it from here.
        if (completes && fee > 0) vault.withdrawYield(tokenId, address(this), fee);
        emit Repaid(tokenId, msg.sender, taken, totalRepaid, fullyRepaid);
    }

    function _existing(uint256 tokenId) private view returns (InvoiceRecord storage record) {
        record = _invoices[tokenId];
        if (record.farmer == address(0)) revert UnknownInvoice(tokenId);
    }

    function _maturity(InvoiceRecord storage record) private view returns (uint64) {
        uint64 fundedAt = record.fundedAt;
        return fundedAt == 0 ? 0 : fundedAt + uint64(record.tenorDays) * 1 days;
    }

    function _defaultableAt(InvoiceRecord storage record) private view returns (uint64) {
        uint64 maturity = _maturity(record);
        return maturity == 0 ? 0 : maturity + uint64(record.graceDays) * 1 days;
    }

    /// @dev Principal and fee repaid that holders share after a default: repayments pay principal first.
    function _recovered(InvoiceRecord storage record)
        private
        view
        returns (uint256 recoveredPrincipal, uint256 recoveredFee)
    {
        uint256 repaid = record.repaid;
        uint256 amount = record.amount;
        recoveredPrincipal = repaid < amount ? repaid : amount;
        recoveredFee = repaid - recoveredPrincipal;
    }

    /// @dev Swap-and-pop removal: the last id takes the removed one's place, so removal is O(1).
    function _unlist(uint32[] storage list, uint32 index) private {
        uint256 lastIndex = list.length - 1;
        if (index != lastIndex) {
            uint32 moved = list[lastIndex];
            list[index] = moved;
            _invoices[moved].listIndex = index;
        }
        list.pop();
    }

    function _page(uint32[] storage list, uint256 offset, uint256 limit, bool openOnly)
        private
        view
        returns (uint256[] memory tokenIds, Invoice[] memory invoices, uint256 total)
    {
        total = list.length - 1;
        uint256 start = offset >= total ? total : offset;
        uint256 end = limit > total - start ? total : start + limit;
        tokenIds = new uint256[](end - start);
        invoices = new Invoice[](end - start);
        uint256 count;
        for (uint256 i = start; i < end; ++i) {
            uint256 tokenId = list[i + 1];
            InvoiceRecord storage record = _invoices[tokenId];
            if (openOnly && block.timestamp > record.fundingDeadline) continue;
            tokenIds[count] = tokenId;
            invoices[count] = _view(record);
            ++count;
        }
        // Shrink both arrays to the entries kept.
        assembly ("memory-safe") {
            mstore(tokenIds, count)
            mstore(invoices, count)
        }
    }

    function _view(InvoiceRecord storage record) private view returns (Invoice memory invoice) {
        InvoiceStatus status = record.status;
        invoice.farmer = record.farmer;
        invoice.amount = record.amount;
        invoice.funded = record.funded;
        invoice.repaid = record.repaid;
        invoice.yieldBps = record.yieldBps;
        invoice.tenorDays = record.tenorDays;
        invoice.fundingDeadline = record.fundingDeadline;
        invoice.fundedAt = record.fundedAt;
        invoice.maturity = _maturity(record);
        invoice.status = status;
        invoice.referenceHash = record.referenceHash;
        invoice.redeemedShares = record.redeemed;
        invoice.graceDays = record.graceDays;
        if (status == InvoiceStatus.Defaulted || status == InvoiceStatus.Settled) {
            (uint256 recoveredPrincipal, uint256 recoveredFee) = _recovered(record);
            invoice.recovered = uint128(recoveredPrincipal);
            invoice.recoveredFee = uint128(recoveredFee);
        }
    }
}
