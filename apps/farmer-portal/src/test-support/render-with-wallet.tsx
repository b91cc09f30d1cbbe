import { walletRenderer } from "@farm/ui/testing";
import { dictionaries } from "../i18n/dictionaries";

export { testContracts } from "@farm/ui/testing";

/** The portal's screens rendered for the demo farmer (dev account 2). */
export const { wallet: testWallet, renderWithWallet } = walletRenderer({ dictionaries, devAccountIndex: 2 });
