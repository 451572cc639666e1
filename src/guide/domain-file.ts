// The guide's domain file (`--domain`): a regular UTF-8 file within the bound `zelinqa config import` applies, checked
// before any service starts so that a wrong path is a usage error, never a hang (a FIFO) or a runaway read (a device).
import { InputFileError, MAX_CONFIGURATION_FILE_BYTES, readInputFile } from "../shared/input-file.js";
import { GUIDE_EXIT, GuideError } from "./guide-host.js";

export function readDomainFile(file: string): string {
  try {
    return readInputFile(file, { maxBytes: MAX_CONFIGURATION_FILE_BYTES, what: "the domain file" });
  } catch (error) {
    if (!(error instanceof InputFileError)) throw error;
    throw new GuideError(`${error.message} (a change batch, JSON or YAML)`, GUIDE_EXIT.usage);
  }
}
