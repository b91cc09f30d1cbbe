import { useMutation, useQueryClient } from "@tanstack/react-query";
import { createSiweMessage } from "viem/siwe";
import { useConfig, useConnection } from "wagmi";
import { signMessage } from "wagmi/actions";
import { apiGet, apiPost } from "../api/client";
import { useT } from "../i18n/I18nProvider";
import { type Session, sessionQueryKey } from "../session/use-session";
import { useFarmChain } from "./WalletProvider";

/** Sign-In with Ethereum: server nonce, EIP-4361 message for this origin, wallet signature, `POST /api/auth/verify`. */
export function useSignIn() {
  const t = useT();
  const wagmiConfig = useConfig();
  const { address } = useConnection();
  const { chainId } = useFarmChain();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      if (!address) throw new Error("connect a wallet before signing in");
      const { nonce } = await apiGet<{ nonce: string }>("/auth/nonce");
      const message = createSiweMessage({
        address,
        chainId,
        domain: window.location.host,
        uri: window.location.origin,
        nonce,
        version: "1",
        statement: t("auth.statement"),
        issuedAt: new Date(),
      });
      const signature = await signMessage(wagmiConfig, { account: address, message });
      return apiPost<Session>("/auth/verify", { message, signature });
    },
    onSuccess: (session) => queryClient.setQueryData(sessionQueryKey, session),
  });
}
