import { useState } from "react";
import { useConnect, useConnection, useConnectors, useDisconnect, useSwitchChain } from "wagmi";
import { ApiErrorText } from "../api/ApiErrorText";
import { ApiError } from "../api/api-error";
import { useT } from "../i18n/I18nProvider";
import { shortAddress } from "../layout/short-address";
import { useSession } from "../session/use-session";
import { describeTxError } from "../tx/tx-error";
import { DevAccountPicker } from "./DevAccountPicker";
import { devAccountAddress } from "./dev-account-address";
import { readDevAccountIndex } from "./dev-account-choice";
import { devAccounts } from "./dev-accounts";
import { useSessionNotice } from "./SessionFollowsWallet";
import { useSignIn } from "./use-sign-in";
import { useFarmChain } from "./WalletProvider";

type DevConnector = { selectAccount(index: number): void; accountIndex(): number };

function isDevConnector(connector: unknown): connector is DevConnector {
  return typeof (connector as Partial<DevConnector>).selectAccount === "function";
}

/**
 * Connect (browser wallet or local dev wallet with an account choice), switch to the Farm chain, sign in with
 * SIWE, sign out. Used in the header of wallet routes and by RequireSignIn.
 */
export function WalletPanel({
  defaultDevAccountIndex,
  hideWhenDisconnected = false,
}: {
  defaultDevAccountIndex: number;
  /** For a header on pages that offer connecting elsewhere (RequireSignIn): nothing until a wallet is connected. */
  hideWhenDisconnected?: boolean;
}) {
  const t = useT();
  const chain = useFarmChain();
  const connection = useConnection();
  const connectors = useConnectors();
  const connect = useConnect();
  const disconnect = useDisconnect();
  const switchChain = useSwitchChain();
  const signIn = useSignIn();
  const { session, logout } = useSession();
  const notice = useSessionNotice();
  const [devIndex, setDevIndex] = useState(() => readDevAccountIndex(defaultDevAccountIndex));

  const devConnector = connectors.find((connector) => connector.id === "farmDevWallet");
  const injectedConnector = connectors.find((connector) => connector.id === "injected");
  // Wallets announced through EIP-6963: wagmi makes one connector each, named by the wallet itself.
  const announced = connectors.filter(
    (connector) => connector.type === "injected" && connector.id !== "injected",
  );
  const hasInjected = typeof window !== "undefined" && "ethereum" in window;

  const chooseDevAccount = (index: number) => {
    setDevIndex(index);
    if (devConnector && isDevConnector(devConnector)) devConnector.selectAccount(index);
  };

  if (!connection.isConnected || !connection.address) {
    if (hideWhenDisconnected) return null;
    return (
      <div className="farm-wallet" data-testid="wallet-panel">
        {announced.map((connector) => (
          <button
            key={connector.uid}
            type="button"
            className="farm-wallet__announced"
            disabled={connect.isPending}
            onClick={() => connect.mutate({ connector })}
            data-testid="connect-announced"
            data-rdns={connector.id}
          >
            {connector.icon ? <img src={connector.icon} alt="" width={20} height={20} /> : null}
            {connector.name}
          </button>
        ))}
        {injectedConnector && announced.length === 0 ? (
          <button
            type="button"
            disabled={!hasInjected || connect.isPending}
            onClick={() => connect.mutate({ connector: injectedConnector })}
          >
            {t("wallet.connectInjected")}
          </button>
        ) : null}
        {!hasInjected && announced.length === 0 && !devConnector ? <p>{t("wallet.noInjected")}</p> : null}
        {devConnector ? (
          <div className="farm-wallet__dev">
            <DevAccountPicker value={devIndex} onChange={chooseDevAccount} />
            <button
              type="button"
              disabled={connect.isPending}
              data-testid="connect-dev-wallet"
              onClick={() => {
                chooseDevAccount(devIndex);
                connect.mutate({ connector: devConnector });
              }}
            >
              {t("wallet.connectDev")}
            </button>
          </div>
        ) : null}
        {connect.error ? <p role="alert">{describeTxError(connect.error, t)}</p> : null}
      </div>
    );
  }

  const address = connection.address;
  // Both panels on a page (header and sign-in gate) show the account the wallet really uses.
  const connectedDevIndex = devAccounts.findIndex((_, index) => devAccountAddress(index) === address);
  const signedInHere = session?.address.toLowerCase() === address.toLowerCase();
  const onDevWallet = connection.connector?.id === "farmDevWallet";

  return (
    <div className="farm-wallet" data-testid="wallet-panel">
      <span className="farm-wallet__address" title={address} data-testid="wallet-address">
        {t("wallet.connected", { address: shortAddress(address) })}
      </span>
      {onDevWallet && devConnector ? (
        <DevAccountPicker
          value={connectedDevIndex >= 0 ? connectedDevIndex : devIndex}
          onChange={chooseDevAccount}
        />
      ) : null}
      {connection.chainId !== chain.chainId ? (
        <button type="button" onClick={() => switchChain.mutate({ chainId: chain.chainId })}>
          {t("wallet.switchChain")}
        </button>
      ) : signedInHere ? (
        <button type="button" onClick={() => void logout()} data-testid="sign-out">
          {t("auth.signOut")}
        </button>
      ) : (
        <button
          type="button"
          disabled={signIn.isPending}
          onClick={() => signIn.mutate()}
          data-testid="sign-in"
        >
          {signIn.isPending ? t("auth.signingIn") : t("auth.signIn")}
        </button>
      )}
      <button type="button" onClick={() => disconnect.mutate({})} data-testid="disconnect">
        {t("wallet.disconnect")}
      </button>
      {session && !signedInHere ? <p className="farm-wallet__note">{t("auth.mismatch")}</p> : null}
      {!session && notice?.kind === "accountChanged" && notice.address === address ? (
        <p className="farm-wallet__note" role="status" data-testid="account-changed">
          {t("session.accountChanged", { address: shortAddress(address) })}
        </p>
      ) : null}
      {signIn.error ? (
        <p role="alert">
          {signIn.error instanceof ApiError ? (
            <ApiErrorText error={signIn.error} />
          ) : (
            describeTxError(signIn.error, t)
          )}
        </p>
      ) : null}
    </div>
  );
}
