/**
 * FarmMarket's ABI as the backend uses it (events it indexes, views it reads), written from the agreed interface
 * (issue 31) until `@farm/contracts` exports `farmMarketAbi`.
 */
const orderComponents = [
  { name: "tokenId", type: "uint256", internalType: "uint256" },
  { name: "shares", type: "uint256", internalType: "uint256" },
  { name: "price", type: "uint256", internalType: "uint256" },
  { name: "expiry", type: "uint256", internalType: "uint256" },
  { name: "nonce", type: "uint256", internalType: "uint256" },
] as const;

const fillEventInputs = [
  { name: "seller", type: "address", indexed: true, internalType: "address" },
  { name: "buyer", type: "address", indexed: true, internalType: "address" },
  { name: "tokenId", type: "uint256", indexed: true, internalType: "uint256" },
  { name: "nonce", type: "uint256", indexed: false, internalType: "uint256" },
  { name: "shares", type: "uint256", indexed: false, internalType: "uint256" },
  { name: "cost", type: "uint256", indexed: false, internalType: "uint256" },
  { name: "fee", type: "uint256", indexed: false, internalType: "uint256" },
] as const;

export const farmMarketAbi = [
  { type: "event", name: "ListingFilled", anonymous: false, inputs: fillEventInputs },
  { type: "event", name: "OfferAccepted", anonymous: false, inputs: fillEventInputs },
  {
    type: "event",
    name: "NonceCancelled",
    anonymous: false,
    inputs: [
      { name: "signer", type: "address", indexed: true, internalType: "address" },
      { name: "nonce", type: "uint256", indexed: false, internalType: "uint256" },
    ],
  },
  {
    type: "event",
    name: "FeeSet",
    anonymous: false,
    inputs: [
      { name: "feeBps", type: "uint16", indexed: false, internalType: "uint16" },
      { name: "recipient", type: "address", indexed: false, internalType: "address" },
    ],
  },
  {
    type: "function",
    name: "filled",
    stateMutability: "view",
    inputs: [
      { name: "signer", type: "address", internalType: "address" },
      { name: "nonce", type: "uint256", internalType: "uint256" },
    ],
    outputs: [{ name: "", type: "uint256", internalType: "uint256" }],
  },
  {
    type: "function",
    name: "feeBps",
    stateMutability: "view",
    inputs: [],
    outputs: [{ name: "", type: "uint16", internalType: "uint16" }],
  },
  {
    type: "function",
    name: "feeRecipient",
    stateMutability: "view",
    inputs: [],
    outputs: [{ name: "", type: "address", internalType: "address" }],
  },
  {
    type: "function",
    name: "cancel",
    stateMutability: "nonpayable",
    inputs: [{ name: "nonce", type: "uint256", internalType: "uint256" }],
    outputs: [],
  },
  {
    type: "function",
    name: "fillListing",
    stateMutability: "nonpayable",
    inputs: [
      {
        name: "listing",
        type: "tuple",
        internalType: "struct Listing",
        components: [{ name: "seller", type: "address", internalType: "address" }, ...orderComponents],
      },
      { name: "signature", type: "bytes", internalType: "bytes" },
      { name: "amount", type: "uint256", internalType: "uint256" },
    ],
    outputs: [],
  },
  {
    type: "function",
    name: "acceptOffer",
    stateMutability: "nonpayable",
    inputs: [
      {
        name: "offer",
        type: "tuple",
        internalType: "struct Offer",
        components: [{ name: "buyer", type: "address", internalType: "address" }, ...orderComponents],
      },
      { name: "signature", type: "bytes", internalType: "bytes" },
      { name: "amount", type: "uint256", internalType: "uint256" },
    ],
    outputs: [],
  },
] as const;
