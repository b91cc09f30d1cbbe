import { domTestProject } from "../../packages/ui/src/testing/dom-test-project";

export default domTestProject("investor-app");
