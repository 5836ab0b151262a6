// Breaks web-ui-and-lib-import-no-feature.
import { one } from "../features/one/one";

export const helper = () => one;
