// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title The money math of an invoice, mirrored exactly by packages/core/src/yield.ts.
/// @notice Amounts are GOLD base units; yield is for the whole term in basis points (1000 = 10 %).
///         Per-share amounts are computed cumulatively over an invoice's shares: the slice for shares
///         [before, before + shares) is f(before + shares) - f(before). Each slice is the one-off rounded-down value
///         or one unit more, and the slices of all shares add up to exactly the invoice's total, so what is reserved
///         for an invoice is always exactly what its holders are paid or released, however the shares are split.
library YieldMath {
    /// @notice Basis points in one whole (100 %).
    uint256 internal constant BPS = 10_000;

    /// @notice The yield `shares` earn over the term, rounded down: shares * yieldBps / 10000.
    function yieldOn(uint256 shares, uint256 yieldBps) internal pure returns (uint256) {
        return shares * yieldBps / BPS;
    }

    /// @notice The farmer's financing fee on `amount` of principal (the invoice's total yield).
    function financingFee(uint256 amount, uint256 yieldBps) internal pure returns (uint256) {
        return yieldOn(amount, yieldBps);
    }

    /// @notice Yield of the shares [before, before + shares) of an invoice: reserved on invest, paid on harvest,
    ///         released on refund.
    function yieldSlice(uint256 before, uint256 shares, uint256 yieldBps) internal pure returns (uint256) {
        return yieldOn(before + shares, yieldBps) - yieldOn(before, yieldBps);
    }

    /// @notice Principal paid for the shares [before, before + shares) when `pool` is shared pro rata among
    ///         `totalShares` (a settled default: pool = principal recovered).
    function principalSlice(uint256 before, uint256 shares, uint256 pool, uint256 totalShares)
        internal
        pure
        returns (uint256)
    {
        return (before + shares) * pool / totalShares - before * pool / totalShares;
    }

    /// @notice The late fee after `daysLate` whole days past maturity with nothing repaid: the invoice's daily rate,
    ///         amount * yieldBps / tenorDays / 10000 a day, rounded down once, and never above amount - fee (fees and
    ///         late fees together never exceed the principal).
    function lateFee(uint256 amount, uint256 yieldBps, uint256 tenorDays, uint256 daysLate)
        internal
        pure
        returns (uint256 late)
    {
        late = accrueLateFee(amount, yieldBps, tenorDays, 0, 0, daysLate);
    }

    /// @notice The late fee after `accrued` so far and `daysMore` whole days at the invoice's daily rate on what is
    ///         still overdue once `repaid` has been paid: principal and fee unpaid, at most the principal, never the
    ///         late fee itself (decision 0057). Rounded down per accrual; never above amount - fee in total.
    function accrueLateFee(
        uint256 amount,
        uint256 yieldBps,
        uint256 tenorDays,
        uint256 repaid,
        uint256 accrued,
        uint256 daysMore
    ) internal pure returns (uint256 late) {
        uint256 fee = financingFee(amount, yieldBps);
        uint256 base = amount + fee > repaid ? amount + fee - repaid : 0;
        if (base > amount) base = amount;
        late = accrued + base * yieldBps * daysMore / (tenorDays * BPS);
        if (late > amount - fee) late = amount - fee;
    }

    /// @notice Splits a repayment of `payment` towards an invoice of `amount` principal that has `repaidBefore`
    ///         already and owes `late` in late fees: the part taken (never beyond what is due), the principal part
    ///         (paid first, stays for the holders) and the fee part (then; tops up the vault's free reserve); the
    ///         rest of `taken` is late fee (last; stays for the holders).
    function splitRepayment(uint256 amount, uint256 yieldBps, uint256 repaidBefore, uint256 payment, uint256 late)
        internal
        pure
        returns (uint256 taken, uint256 principalPart, uint256 feePart)
    {
        uint256 fee = financingFee(amount, yieldBps);
        uint256 totalDue = amount + fee + late;
        uint256 outstanding = totalDue > repaidBefore ? totalDue - repaidBefore : 0;
        taken = payment < outstanding ? payment : outstanding;
        uint256 principalOutstanding = amount > repaidBefore ? amount - repaidBefore : 0;
        principalPart = taken < principalOutstanding ? taken : principalOutstanding;
        uint256 feePaid = repaidBefore > amount ? repaidBefore - amount : 0;
        uint256 feeOutstanding = fee > feePaid ? fee - feePaid : 0;
        feePart = taken - principalPart;
        if (feePart > feeOutstanding) feePart = feeOutstanding;
    }

    /// @notice The term yield expressed per year, in basis points rounded down: yieldBps * 365 / tenorDays.
    function annualisedRateBps(uint256 yieldBps, uint256 tenorDays) internal pure returns (uint256) {
        return yieldBps * 365 / tenorDays;
    }
}
