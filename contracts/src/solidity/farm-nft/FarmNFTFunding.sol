// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Permit.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {FarmNFTCore} from "./FarmNFTCore.sol";
import {InvoiceStatus} from "./FarmNFTTypes.sol";
import {FarmNFTStorage, InvoiceRecord} from "./FarmNFTStorage.sol";

/// @title Investing in an Approved invoice: GOLD in, as many shares out; the filling investment pays the farmer.
abstract contract FarmNFTFunding is FarmNFTCore {
    using SafeERC20 for IERC20;
    using FarmNFTStorage for FarmNFTStorage.Layout;
    using FarmNFTStorage for InvoiceRecord;

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

    function _invest(uint256 tokenId, uint256 amount) private returns (uint256 taken) {
        FarmNFTStorage.Layout storage $ = FarmNFTStorage.layout();
        InvoiceRecord storage record = $.existing(tokenId);
        if (record.status != InvoiceStatus.Approved) revert InvoiceNotOpenForFunding(tokenId, record.status);
        if (block.timestamp > record.fundingDeadline) {
            revert FundingDeadlinePassed(tokenId, record.fundingDeadline);
        }
        address farmer = record.farmer;
        if (msg.sender == farmer) revert InvestorIsFarmer(tokenId, msg.sender);
        if (amount == 0) revert ZeroAmount();
        uint256 target = record.amount;
        uint256 fundedBefore = record.funded;
        // funded <= amount always, and what is taken never passes the target: no overflow below.
        uint256 remaining;
        unchecked {
            remaining = target - fundedBefore;
        }
        // Two investors racing for the last slice both succeed: the later one takes only what is left.
        taken = amount < remaining ? amount : remaining;
        if (taken < remaining) {
            uint256 minimum = $.minInvestment;
            if (taken < minimum) revert InvestmentBelowMinimum(tokenId, amount, minimum);
        }
        uint256 totalFunded;
        unchecked {
            totalFunded = fundedBefore + taken;
        }
        record.funded = uint96(totalFunded);
        bool filled = totalFunded == target;
        uint8 grace;
        if (filled) {
            $.unlist($.availableIds, record.listIndex);
            grace = $.graceDays;
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
            emit InvoiceFunded(tokenId, farmer, target, uint64(block.timestamp), record.maturity(), grace);
        }
    }
}
