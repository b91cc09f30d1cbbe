// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {YieldMath} from "../YieldMath.sol";

/// @title Test-only window on YieldMath, so the TypeScript mirror can be compared with it call by call.
/// @notice Never deployed by deployFarm.
contract YieldMathHarness {
    /// @notice See YieldMath.financingFee.
    /// @param amount Principal, base units.
    /// @param yieldBps Term yield, basis points.
    /// @return The fee, base units.
    function financingFee(uint256 amount, uint256 yieldBps) external pure returns (uint256) {
        return YieldMath.financingFee(amount, yieldBps);
    }

    /// @notice See YieldMath.yieldSlice.
    /// @param before Shares already counted.
    /// @param shares Shares in the slice.
    /// @param yieldBps Term yield, basis points.
    /// @return The slice's yield, base units.
    function yieldSlice(uint256 before, uint256 shares, uint256 yieldBps) external pure returns (uint256) {
        return YieldMath.yieldSlice(before, shares, yieldBps);
    }

    /// @notice See YieldMath.principalSlice.
    /// @param before Shares already counted.
    /// @param shares Shares in the slice.
    /// @param pool Amount shared pro rata, base units.
    /// @param totalShares Shares the pool is shared among.
    /// @return The slice's principal, base units.
    function principalSlice(uint256 before, uint256 shares, uint256 pool, uint256 totalShares)
        external
        pure
        returns (uint256)
    {
        return YieldMath.principalSlice(before, shares, pool, totalShares);
    }

    /// @notice See YieldMath.splitRepayment.
    /// @param amount Principal, base units.
    /// @param yieldBps Term yield, basis points.
    /// @param repaidBefore Repaid so far, base units.
    /// @param payment Offered, base units.
    /// @param late Late fee owed, base units.
    /// @return taken Part taken, base units.
    /// @return principalPart Principal part, base units.
    /// @return feePart Fee part, base units.
    function splitRepayment(uint256 amount, uint256 yieldBps, uint256 repaidBefore, uint256 payment, uint256 late)
        external
        pure
        returns (uint256 taken, uint256 principalPart, uint256 feePart)
    {
        return YieldMath.splitRepayment(amount, yieldBps, repaidBefore, payment, late);
    }

    /// @notice See YieldMath.lateFee.
    /// @param amount Principal, base units.
    /// @param yieldBps Term yield, basis points.
    /// @param tenorDays Term, days.
    /// @param daysLate Whole days past maturity.
    /// @return The late fee, base units.
    function lateFee(uint256 amount, uint256 yieldBps, uint256 tenorDays, uint256 daysLate)
        external
        pure
        returns (uint256)
    {
        return YieldMath.lateFee(amount, yieldBps, tenorDays, daysLate);
    }

    /// @notice See YieldMath.accrueLateFee.
    /// @param amount Principal, base units.
    /// @param yieldBps Term yield, basis points.
    /// @param tenorDays Term, days.
    /// @param repaid Repaid so far, base units.
    /// @param accrued Late fee accrued so far, base units.
    /// @param daysMore Whole days to accrue.
    /// @return The late fee, base units.
    function accrueLateFee(
        uint256 amount,
        uint256 yieldBps,
        uint256 tenorDays,
        uint256 repaid,
        uint256 accrued,
        uint256 daysMore
    ) external pure returns (uint256) {
        return YieldMath.accrueLateFee(amount, yieldBps, tenorDays, repaid, accrued, daysMore);
    }

    /// @notice See YieldMath.annualisedRateBps.
    /// @param yieldBps Term yield, basis points.
    /// @param tenorDays Term, days.
    /// @return The yearly rate, basis points.
    function annualisedRateBps(uint256 yieldBps, uint256 tenorDays) external pure returns (uint256) {
        return YieldMath.annualisedRateBps(yieldBps, tenorDays);
    }
}
