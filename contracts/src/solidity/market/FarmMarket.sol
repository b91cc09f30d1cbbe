// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {IERC1155} from "@openzeppelin/contracts/token/ERC1155/IERC1155.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Permit.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {SignatureChecker} from "@openzeppelin/contracts/utils/cryptography/SignatureChecker.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {IFarmMarket, Listing, Offer} from "./IFarmMarket.sol";

/// @dev The one FarmNFT read the market needs: the invoice's state, from FarmNFT's own code (no extension hop).
interface IFarmNFTStatus {
    function statusOf(uint256 tokenId) external view returns (uint8);
}

/// @title The seed market: FarmNFT shares for GOLD, at prices two wallets agree, in one atomic transaction.
/// @notice Orders are EIP-712 signatures kept off chain (the backend's book); a listing is filled by a buyer, an offer
///         accepted by a holder, in whole or in part. Nothing is created or destroyed: GOLD goes from buyer to seller
///         (less the platform fee, at most 1 %, to the fee recipient) and shares from seller to buyer through
///         FarmNFT's own transfer, which applies its credential checks (a verified, unfrozen buyer within its limit;
///         an unfrozen seller) and moves the outstanding-principal counters. Shares of an invoice trade only while it
///         is Funded or Defaulted (decision 0058).
/// @dev Partial fills are counted per (signer, nonce) in one slot; `cancel` sets it to type(uint256).max. Listing and
///      Offer have one layout, so both run through `_consume` and `_settle`. State is written before any external
///      call (the ERC-1155 receiver hook calls the buyer), and the fills are nonReentrant (transient storage).
contract FarmMarket is IFarmMarket, EIP712, AccessControl, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    /// @notice Highest platform fee the admin may set, basis points of a trade's cost (1 %).
    /// @return The bound.
    uint16 public constant MAX_FEE_BPS = 100;
    /// @notice EIP-712 type hash of Listing.
    /// @return keccak256 of the type string.
    bytes32 public constant LISTING_TYPEHASH = keccak256(
        "Listing(address seller,uint256 tokenId,uint256 shares,uint256 price,uint256 expiry,uint256 nonce)"
    );
    /// @notice EIP-712 type hash of Offer.
    /// @return keccak256 of the type string.
    bytes32 public constant OFFER_TYPEHASH =
        keccak256("Offer(address buyer,uint256 tokenId,uint256 shares,uint256 price,uint256 expiry,uint256 nonce)");

    /// @dev FarmNFT's InvoiceStatus values in which shares trade.
    uint8 private constant FUNDED = 3;
    uint8 private constant DEFAULTED = 6;

    /// @inheritdoc IFarmMarket
    address public immutable override farmNft;
    /// @inheritdoc IFarmMarket
    address public immutable override gold;

    /// @inheritdoc IFarmMarket
    mapping(address signer => mapping(uint256 nonce => uint256)) public override filled;

    /// @dev One slot, read once by every fill: the fee and its recipient, and the pause flag beside them.
    struct Settings {
        uint16 feeBps;
        address feeRecipient;
        bool paused;
    }

    Settings private _settings;

    /// @dev The pause flag shares the fee's slot: the fill reads it again warm.
    modifier whenTrading() {
        if (_settings.paused) revert TradingPaused();
        _;
    }

    /// @param farmNft_ The share token (FarmNFT; it must expose `statusOf`).
    /// @param gold_ The GOLD token (ERC-20 with ERC-2612 permits).
    /// @param admin Receives DEFAULT_ADMIN_ROLE: sets the fee, pauses and unpauses trading.
    constructor(address farmNft_, address gold_, address admin) EIP712("FarmMarket", "1") {
        if (farmNft_ == address(0) || gold_ == address(0) || admin == address(0)) revert ZeroAddress();
        farmNft = farmNft_;
        gold = gold_;
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
    }

    /// @inheritdoc IFarmMarket
    function fillListing(Listing calldata listing, bytes calldata signature, uint256 amount)
        external
        nonReentrant
        whenTrading
    {
        _fillListing(listing, signature, amount);
    }

    /// @inheritdoc IFarmMarket
    /// @dev The OpenZeppelin "try permit" pattern: a permit someone front-ran has already set the allowance, so its
    ///      failure is ignored when the allowance covers the cost; otherwise the permit's own error is raised.
    function fillListingWithPermit(
        Listing calldata listing,
        bytes calldata signature,
        uint256 amount,
        uint256 permitValue,
        uint256 permitDeadline,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external nonReentrant whenTrading {
        try IERC20Permit(gold).permit(msg.sender, address(this), permitValue, permitDeadline, v, r, s) {}
        catch (bytes memory reason) {
            if (IERC20(gold).allowance(msg.sender, address(this)) < _cost(amount, listing.price)) {
                assembly ("memory-safe") {
                    revert(add(reason, 0x20), mload(reason))
                }
            }
        }
        _fillListing(listing, signature, amount);
    }

    /// @inheritdoc IFarmMarket
    function acceptOffer(Offer calldata offer, bytes calldata signature, uint256 amount)
        external
        nonReentrant
        whenTrading
    {
        _consume(_asOrder(offer), OFFER_TYPEHASH, signature, amount);
        (uint256 cost, uint256 fee) = _settle(offer.tokenId, offer.price, amount, msg.sender, offer.buyer);
        emit OfferAccepted(msg.sender, offer.buyer, offer.tokenId, offer.nonce, amount, cost, fee);
    }

    /// @inheritdoc IFarmMarket
    /// @dev Also while paused, and for a nonce already filled or cancelled (the event is emitted again).
    function cancel(uint256 nonce) external {
        filled[msg.sender][nonce] = type(uint256).max;
        emit NonceCancelled(msg.sender, nonce);
    }

    /// @notice Sets the platform fee taken from the seller's proceeds of each trade and who receives it.
    /// @param feeBps_ Basis points of the cost, at most MAX_FEE_BPS (0 switches the fee off).
    /// @param recipient Receives the fee; required when feeBps_ > 0, never FarmNFT or the market itself.
    function setFee(uint16 feeBps_, address recipient) external onlyRole(DEFAULT_ADMIN_ROLE) {
        if (feeBps_ > MAX_FEE_BPS) revert FeeTooHigh(feeBps_, MAX_FEE_BPS);
        if ((feeBps_ != 0 && recipient == address(0)) || recipient == farmNft || recipient == address(this)) {
            revert InvalidFeeRecipient(recipient);
        }
        _settings.feeBps = feeBps_;
        _settings.feeRecipient = recipient;
        emit FeeSet(feeBps_, recipient);
    }

    /// @notice Stops fills and acceptances (cancelling goes on) until unpaused. FarmNFT's own pause does not stop
    ///         share transfers, so the market has its own.
    function pause() external onlyRole(DEFAULT_ADMIN_ROLE) {
        _settings.paused = true;
        emit Paused(msg.sender);
    }

    /// @notice Resumes trading after a pause.
    function unpause() external onlyRole(DEFAULT_ADMIN_ROLE) {
        _settings.paused = false;
        emit Unpaused(msg.sender);
    }

    /// @inheritdoc IFarmMarket
    function listingHash(Listing calldata listing) external view returns (bytes32) {
        return _hashTypedDataV4(keccak256(abi.encode(LISTING_TYPEHASH, listing)));
    }

    /// @inheritdoc IFarmMarket
    function offerHash(Offer calldata offer) external view returns (bytes32) {
        return _hashTypedDataV4(keccak256(abi.encode(OFFER_TYPEHASH, offer)));
    }

    /// @inheritdoc IFarmMarket
    function feeBps() external view returns (uint16) {
        return _settings.feeBps;
    }

    /// @inheritdoc IFarmMarket
    function feeRecipient() external view returns (address) {
        return _settings.feeRecipient;
    }

    /// @notice Whether fills and acceptances are stopped.
    /// @return True while paused.
    function paused() external view returns (bool) {
        return _settings.paused;
    }

    function _fillListing(Listing calldata listing, bytes calldata signature, uint256 amount) private {
        _consume(listing, LISTING_TYPEHASH, signature, amount);
        (uint256 cost, uint256 fee) = _settle(listing.tokenId, listing.price, amount, listing.seller, msg.sender);
        emit ListingFilled(listing.seller, msg.sender, listing.tokenId, listing.nonce, amount, cost, fee);
    }

    /// @dev Checks an order against its signer's signature, expiry, nonce and the invoice's state, then records the
    ///      fill (before any transfer). `order.seller` is the signer: the seller of a listing, the buyer of an offer;
    ///      the caller is the other side.
    function _consume(Listing calldata order, bytes32 typeHash, bytes calldata signature, uint256 amount) private {
        if (amount == 0) revert ZeroAmount();
        address signer = order.seller;
        if (signer == msg.sender) revert SelfTrade();
        if (block.timestamp > order.expiry) revert OrderExpired(order.expiry);
        _checkSignature(signer, _hashTypedDataV4(keccak256(abi.encode(typeHash, order))), signature);
        uint256 nonce = order.nonce;
        uint256 done = filled[signer][nonce];
        if (done == type(uint256).max) revert OrderCancelled(signer, nonce);
        uint256 shares = order.shares;
        uint256 remaining;
        // done only ever grows up to an order's shares; another order signed with the same nonce may have fewer.
        unchecked {
            remaining = shares > done ? shares - done : 0;
        }
        if (amount > remaining) revert OrderOverfilled(amount, remaining);
        uint256 tokenId = order.tokenId;
        uint8 status = IFarmNFTStatus(farmNft).statusOf(tokenId);
        if (status != FUNDED && status != DEFAULTED) revert InvoiceNotTradable(tokenId, status);
        // amount <= remaining = shares - done: no overflow.
        unchecked {
            filled[signer][nonce] = done + amount;
        }
    }

    /// @dev Moves the cost in GOLD from buyer to seller (less the fee, to its recipient) and the shares from seller
    ///      to buyer. FarmNFT's errors (credentials, balance, approval) reach the caller unchanged.
    function _settle(uint256 tokenId, uint256 price, uint256 amount, address seller, address buyer)
        private
        returns (uint256 cost, uint256 fee)
    {
        cost = _cost(amount, price);
        Settings memory settings = _settings;
        fee = cost * settings.feeBps / 10_000;
        IERC20(gold).safeTransferFrom(buyer, seller, cost - fee);
        if (fee != 0) IERC20(gold).safeTransferFrom(buyer, settings.feeRecipient, fee);
        IERC1155(farmNft).safeTransferFrom(seller, buyer, tokenId, amount, "");
    }

    /// @dev GOLD for `amount` shares at `price` per 1e18, rounded up: in the seller's favour, never a free share.
    function _cost(uint256 amount, uint256 price) private pure returns (uint256) {
        return Math.ceilDiv(amount * price, 1e18);
    }

    /// @dev An ECDSA signature of an EOA first (no code read, so no cold account access); an ERC-1271 contract
    ///      wallet's answer only when that fails and the signer has code.
    function _checkSignature(address signer, bytes32 digest, bytes calldata signature) private view {
        (address recovered, ECDSA.RecoverError err,) = ECDSA.tryRecoverCalldata(digest, signature);
        if (err == ECDSA.RecoverError.NoError && recovered == signer) return;
        if (signer.code.length != 0 && SignatureChecker.isValidERC1271SignatureNowCalldata(signer, digest, signature))
        {
            return;
        }
        revert InvalidOrderSignature();
    }

    /// @dev An Offer as a Listing: both are one address and five uint256 words in calldata, in the same order.
    function _asOrder(Offer calldata offer) private pure returns (Listing calldata order) {
        assembly ("memory-safe") {
            order := offer
        }
    }
}
