// Breaks domain-has-no-node-built-ins.
import path from "node:path";
// Breaks domain-is-pure.
import { wired } from "../server/wiring";

export const words = () => path.join(wired(), "words");
