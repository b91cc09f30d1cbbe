import { walletRenderer } from "@farm/ui/testing";
import { dictionaries } from "../i18n/dictionaries";

/** The game's screens rendered for an investor (dev account 3). */
export const { wallet: testWallet, renderWithWallet } = walletRenderer({ dictionaries, devAccountIndex: 3 });
