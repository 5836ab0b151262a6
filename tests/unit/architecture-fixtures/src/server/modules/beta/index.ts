export { betaValue } from "./beta.service";
