// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {YieldMath} from "../YieldMath.sol";

/// @title Test-only window on YieldMath, so the TypeScript mirror can be compared with it call by call.
/// @notice Never deployed by deployFarm.
contract YieldMathHarness {
    /// @notice See YieldMath.financingFee.
    function financingFee(uint256 amount, uint256 yieldBps) external pure returns (uint256) {
        return YieldMath.financingFee(amount, yieldBps);
    }

    /// @notice See YieldMath.yieldSlice.
    function yieldSlice(uint256 before, uint256 shares, uint256 yieldBps) external pure returns (uint256) {
        return YieldMath.yieldSlice(before, shares, yieldBps);
    }

    /// @notice See YieldMath.principalSlice.
    function principalSlice(uint256 before, uint256 shares, uint256 pool, uint256 totalShares)
        external
        pure
        returns (uint256)
    {
        return YieldMath.principalSlice(before, shares, pool, totalShares);
    }

    /// @notice See YieldMath.splitRepayment.
    function splitRepayment(uint256 amount, uint256 yieldBps, uint256 repaidBefore, uint256 payment)
        external
        pure
        returns (uint256 taken, uint256 principalPart, uint256 feePart)
    {
        return YieldMath.splitRepayment(amount, yieldBps, repaidBefore, payment);
    }

    /// @notice See YieldMath.annualisedRateBps.
    function annualisedRateBps(uint256 yieldBps, uint256 tenorDays) external pure returns (uint256) {
        return YieldMath.annualisedRateBps(yieldBps, tenorDays);
    }
}
