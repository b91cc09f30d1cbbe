// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Capped} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Capped.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";

/// @title GOLD, the platform's ERC-20 money (18 decimals) with ERC-2612 permits and a supply cap.
/// @notice Minted only by holders of MINTER_ROLE; on testnets the faucet and the yield vault are funded from mints.
contract GoldToken is ERC20, ERC20Permit, ERC20Capped, AccessControl {
    /// @notice Role allowed to mint new GOLD up to the cap.
    /// @return The role id (keccak256 of its name).
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");

    /// @param admin Receives DEFAULT_ADMIN_ROLE and MINTER_ROLE.
    /// @param supplyCap Largest total supply ever allowed, in base units (1 GOLD = 1e18).
    constructor(address admin, uint256 supplyCap)
        ERC20("Farm Gold", "GOLD")
        ERC20Permit("Farm Gold")
        ERC20Capped(supplyCap)
    {
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(MINTER_ROLE, admin);
    }

    /// @notice Mints `amount` base units to `to`; reverts with ERC20ExceededCap beyond the supply cap.
    /// @param to Receiver of the new GOLD.
    /// @param amount Base units to mint.
    function mint(address to, uint256 amount) external onlyRole(MINTER_ROLE) {
        _mint(to, amount);
    }

    function _update(address from, address to, uint256 value) internal override(ERC20, ERC20Capped) {
        super._update(from, to, value);
    }
}
