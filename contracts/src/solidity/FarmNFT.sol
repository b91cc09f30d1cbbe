// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IFarmVault} from "./IFarmVault.sol";
import {FarmNFTCore} from "./farm-nft/FarmNFTCore.sol";
import {FarmNFTExtension} from "./farm-nft/FarmNFTExtension.sol";
import {FarmNFTFunding} from "./farm-nft/FarmNFTFunding.sol";
import {FarmNFTLifecycle} from "./farm-nft/FarmNFTLifecycle.sol";
import {FarmNFTSettlement} from "./farm-nft/FarmNFTSettlement.sol";
import {FarmNFTStorage} from "./farm-nft/FarmNFTStorage.sol";
import {InvoiceStatus} from "./farm-nft/FarmNFTTypes.sol";

/// @title Invoices as ERC-1155 token ids; their units are investor shares (1 unit = 1 GOLD base unit of principal).
/// @notice Lifecycle: Pending -> Approved | Rejected; Approved -> Funded (target filled) | Cancelled (deadline
///         passed, or withdrawn by the admin with a reason); Funded -> Repaid (principal + fee paid) | Defaulted
///         (maturity + the invoice's grace passed); Defaulted -> Settled (once its recovery window has passed).
///         Money model: yield is paid only from what was earned. The invoice's whole yield (the farmer's financing
///         fee) is reserved in FarmVault once, at approval, and refused above a share of the free reserve, so no
///         invoice can freeze funding for others and investing never touches the vault. The fee paid with the
///         repayment goes to the vault; when the invoice is repaid in full the vault pays the reserved yield to this
///         contract for the holders. A default pays the holders their pro-rata share of what was recovered
///         (principal and fee alike) and returns the reservation of the unrecovered fee to the free reserve.
/// @dev Modules (farm-nft/): FarmNFTCore (tokens, roles, pause), FarmNFTLifecycle, FarmNFTFunding and
///      FarmNFTSettlement hold every state-changing path that the gas table measures; FarmNFTExtension (settings,
///      views, rejection, withdrawal) is reached by DELEGATECALL from the fallback, so the public ABI is the union of both.
contract FarmNFT is FarmNFTLifecycle, FarmNFTFunding, FarmNFTSettlement {
    address private immutable _extension;

    /// @param admin Receives DEFAULT_ADMIN_ROLE (moved later only in two steps, DEFAULT_ADMIN_DELAY apart),
    ///        ADMIN_ROLE and PAUSER_ROLE.
    /// @param operator Receives OPERATOR_ROLE (the backend signer that submits invoices).
    /// @param gold_ The GOLD token.
    /// @param vault_ The yield vault (which must then be connected with FarmVault.setFarmNft).
    /// @param uri_ ERC-1155 metadata URI template.
    constructor(address admin, address operator, IERC20 gold_, IFarmVault vault_, string memory uri_)
        FarmNFTCore(admin, operator, gold_, vault_, uri_)
    {
        // Created here rather than by deployFarm, so FarmNFT's constructor and deployment stay as they were.
        _extension = address(new FarmNFTExtension());
    }

    /// @notice Runs every function FarmNFT does not implement itself (settings, views, rejectInvoice,
    ///         withdrawInvoice) from FarmNFTExtension in this contract's storage; an unknown selector reverts there
    ///         without data.
    fallback() external {
        address extension_ = _extension;
        assembly {
            calldatacopy(0, 0, calldatasize())
            let ok := delegatecall(gas(), extension_, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            if iszero(ok) { revert(0, returndatasize()) }
            return(0, returndatasize())
        }
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

    /// @notice An invoice's lifecycle state in one storage read, in FarmNFT's own code so that a caller (the seed
    ///         market, before every trade) pays no DELEGATECALL to the extension.
    /// @param tokenId Any id; one never issued reads Pending.
    /// @return The invoice's state.
    function statusOf(uint256 tokenId) external view returns (InvoiceStatus) {
        return FarmNFTStorage.layout().invoices[tokenId].status;
    }

    /// @notice The contract FarmNFT delegates its settings, views, rejection and withdrawal to (for explorers and audits).
    /// @return The FarmNFTExtension created with this contract.
    function extension() external view returns (address) {
        return _extension;
    }
}
