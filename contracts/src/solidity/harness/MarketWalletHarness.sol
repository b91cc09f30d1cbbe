// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC1271} from "@openzeppelin/contracts/interfaces/IERC1271.sol";
import {IERC1155Receiver} from "@openzeppelin/contracts/token/ERC1155/IERC1155Receiver.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";

/// @title Test-only smart-contract wallet for the seed market: signs orders through ERC-1271 (its owner's key signs
///        the digest) and, when armed, calls back into the market from the ERC-1155 receiver hook (a reentrancy try).
/// @notice Never deployed by deployFarm.
contract MarketWalletHarness is IERC1271, IERC1155Receiver {
    /// @notice The key whose ECDSA signature of a digest this wallet accepts as its own.
    /// @return The owner's address.
    address public immutable owner;
    /// @notice Call sent to `reentryTarget` from the receiver hook while nonempty.
    /// @return The calldata.
    bytes public reentry;
    /// @notice Where the hook's call goes.
    /// @return The target.
    address public reentryTarget;

    error NotOwner();

    /// @param owner_ The wallet's key.
    constructor(address owner_) {
        owner = owner_;
    }

    /// @notice Runs a call as this wallet (its owner only); reverts with the call's own revert data.
    /// @param target Contract called.
    /// @param data Calldata.
    function execute(address target, bytes calldata data) external {
        if (msg.sender != owner) revert NotOwner();
        _call(target, data);
    }

    /// @notice Arms (or, with empty data, disarms) the receiver hook's call.
    /// @param target Contract called from the hook.
    /// @param data Calldata.
    function setReentry(address target, bytes calldata data) external {
        if (msg.sender != owner) revert NotOwner();
        reentryTarget = target;
        reentry = data;
    }

    /// @inheritdoc IERC1271
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        (address recovered, ECDSA.RecoverError err,) = ECDSA.tryRecoverCalldata(hash, signature);
        return err == ECDSA.RecoverError.NoError && recovered == owner ? IERC1271.isValidSignature.selector : bytes4(0);
    }

    /// @inheritdoc IERC1155Receiver
    function onERC1155Received(address, address, uint256, uint256, bytes calldata) external returns (bytes4) {
        bytes memory data = reentry;
        if (data.length != 0) _call(reentryTarget, data);
        return IERC1155Receiver.onERC1155Received.selector;
    }

    /// @inheritdoc IERC1155Receiver
    function onERC1155BatchReceived(address, address, uint256[] calldata, uint256[] calldata, bytes calldata)
        external
        pure
        returns (bytes4)
    {
        return IERC1155Receiver.onERC1155BatchReceived.selector;
    }

    /// @notice ERC-165: this wallet receives ERC-1155 tokens.
    /// @param interfaceId The interface asked about.
    /// @return Whether it is IERC1155Receiver or IERC165.
    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == type(IERC1155Receiver).interfaceId || interfaceId == 0x01ffc9a7;
    }

    function _call(address target, bytes memory data) private {
        (bool ok, bytes memory returned) = target.call(data);
        if (!ok) {
            assembly ("memory-safe") {
                revert(add(returned, 0x20), mload(returned))
            }
        }
    }
}
