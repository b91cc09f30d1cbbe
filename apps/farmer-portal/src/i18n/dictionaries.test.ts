import { resolve } from "node:path";
import { describeAppDictionaries } from "@farm/ui/dictionary-checks";
import { dictionaries } from "./dictionaries";

describeAppDictionaries(resolve(__dirname, ".."), dictionaries);
