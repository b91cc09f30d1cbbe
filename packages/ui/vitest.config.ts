import { domTestProject } from "./src/testing/dom-test-project";

export default domTestProject("ui");
