// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @notice A holder's signed offer to sell up to `shares` shares of invoice `tokenId` at `price`, filled by buyers.
/// @dev EIP-712 type `Listing(address seller,uint256 tokenId,uint256 shares,uint256 price,uint256 expiry,uint256 nonce)`.
///      Same layout as Offer (one address, five words): FarmMarket fills both through one code path.
struct Listing {
    /// @notice Signs the listing and gives the shares (it has setApprovalForAll(market) on FarmNFT).
    address seller;
    /// @notice The invoice (FarmNFT token id).
    uint256 tokenId;
    /// @notice Most shares sold in all fills together (1 share = 1 GOLD base unit of principal).
    uint256 shares;
    /// @notice GOLD base units per 1e18 shares (per 1 GOLD of face value; 0.98e18 = a 2 % discount).
    uint256 price;
    /// @notice Last second (unix) at which it can be filled.
    uint256 expiry;
    /// @notice Any number the seller picks; one nonce = one order, shared with the seller's offers.
    uint256 nonce;
}

/// @notice A buyer's signed offer to buy up to `shares` shares of invoice `tokenId` at `price`, accepted by holders.
/// @dev EIP-712 type `Offer(address buyer,uint256 tokenId,uint256 shares,uint256 price,uint256 expiry,uint256 nonce)`.
struct Offer {
    /// @notice Signs the offer and pays (it has approved GOLD to the market).
    address buyer;
    /// @notice The invoice (FarmNFT token id).
    uint256 tokenId;
    /// @notice Most shares bought in all acceptances together.
    uint256 shares;
    /// @notice GOLD base units per 1e18 shares.
    uint256 price;
    /// @notice Last second (unix) at which it can be accepted.
    uint256 expiry;
    /// @notice Any number the buyer picks; one nonce = one order, shared with the buyer's listings.
    uint256 nonce;
}

/// @title The seed market (decision 0058): signed listings and offers of FarmNFT shares, settled in GOLD atomically.
interface IFarmMarket {
    /// @notice `seller` sold `shares` shares of `tokenId` to `buyer` through the listing (`seller`, `nonce`) for
    ///         `cost` GOLD base units, `fee` of them to the fee recipient.
    event ListingFilled(
        address indexed seller,
        address indexed buyer,
        uint256 indexed tokenId,
        uint256 nonce,
        uint256 shares,
        uint256 cost,
        uint256 fee
    );
    /// @notice `seller` sold `shares` shares of `tokenId` into the offer (`buyer`, `nonce`) for `cost` GOLD base
    ///         units, `fee` of them to the fee recipient.
    event OfferAccepted(
        address indexed seller,
        address indexed buyer,
        uint256 indexed tokenId,
        uint256 nonce,
        uint256 shares,
        uint256 cost,
        uint256 fee
    );
    /// @notice Every listing and offer of `signer` with this nonce can no longer be filled.
    event NonceCancelled(address indexed signer, uint256 nonce);
    /// @notice The platform fee is now `feeBps` of each trade's cost, paid to `recipient`.
    event FeeSet(uint16 feeBps, address recipient);
    /// @notice The admin `account` stopped fills and acceptances.
    event Paused(address account);
    /// @notice The admin `account` resumed fills and acceptances.
    event Unpaused(address account);

    /// @notice The order's expiry has passed.
    error OrderExpired(uint256 expiry);
    /// @notice The signer cancelled this nonce.
    error OrderCancelled(address signer, uint256 nonce);
    /// @notice More shares were asked for than the order has left.
    error OrderOverfilled(uint256 requested, uint256 remaining);
    /// @notice The signature is not the order's signer's over these exact fields, this chain and this market.
    error InvalidOrderSignature();
    /// @notice Shares trade only while their invoice is Funded or Defaulted (`status` is FarmNFT's InvoiceStatus).
    error InvoiceNotTradable(uint256 tokenId, uint8 status);
    /// @notice A fill of zero shares.
    error ZeroAmount();
    /// @notice Buyer and seller are the same wallet.
    error SelfTrade();
    /// @notice The fee is above MAX_FEE_BPS.
    error FeeTooHigh(uint16 feeBps, uint16 maxFeeBps);
    /// @notice A fee needs a recipient that is neither zero nor FarmNFT (whose GOLD belongs to the holders) nor the
    ///         market (which holds none).
    error InvalidFeeRecipient(address recipient);
    /// @notice The admin paused trading (cancelling still works).
    error TradingPaused();
    /// @notice The zero address was given to the constructor.
    error ZeroAddress();

    /// @notice Buys `amount` shares (1..remaining) of a signed listing: the caller's GOLD (approved to the market)
    ///         goes to the seller minus the fee, the seller's shares to the caller, atomically.
    function fillListing(Listing calldata listing, bytes calldata signature, uint256 amount) external;

    /// @notice `fillListing` with a GOLD ERC-2612 permit for the market (a front-run permit is tolerated).
    function fillListingWithPermit(
        Listing calldata listing,
        bytes calldata signature,
        uint256 amount,
        uint256 permitValue,
        uint256 permitDeadline,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external;

    /// @notice Sells `amount` of the caller's shares into a buyer's signed offer (the buyer's GOLD approved).
    function acceptOffer(Offer calldata offer, bytes calldata signature, uint256 amount) external;

    /// @notice Invalidates the caller's nonce: no listing or offer with it can be filled any more.
    function cancel(uint256 nonce) external;

    /// @notice Shares filled of the order (`signer`, `nonce`); type(uint256).max once cancelled.
    function filled(address signer, uint256 nonce) external view returns (uint256);

    /// @notice The EIP-712 digest a seller signs for `listing`.
    function listingHash(Listing calldata listing) external view returns (bytes32);

    /// @notice The EIP-712 digest a buyer signs for `offer`.
    function offerHash(Offer calldata offer) external view returns (bytes32);

    /// @notice The platform fee, basis points of each trade's cost (at most MAX_FEE_BPS).
    function feeBps() external view returns (uint16);

    /// @notice Receives the platform fee (zero while the fee is 0 and none was set).
    function feeRecipient() external view returns (address);

    /// @notice The share token (FarmNFT).
    function farmNft() external view returns (address);

    /// @notice The GOLD token trades are paid in.
    function gold() external view returns (address);
}
