import "@farm/ui/styles.css";
import "./styles.css";
import { mountApp } from "@farm/ui";
import { App } from "./App";

mountApp(<App />);
