import type { Options } from "tsup";
import { libraryBuild } from "../../tsup.config.base";

const config: Options = libraryBuild;

export default config;
