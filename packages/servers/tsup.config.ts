import type { Options } from "tsup";
import { libraryBuild } from "../../tsup.config.base";

const config: Options = {
  ...libraryBuild,
  // Unlike the other packages this one starts processes and opens sockets: Node only.
  platform: "node",
  target: "node20",
};

export default config;
