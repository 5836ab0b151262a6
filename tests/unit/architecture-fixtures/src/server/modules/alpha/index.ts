export { alphaName } from "./alpha.repository";
export { alphaValue } from "./alpha.service";
