/** Opening the emulator's database from its start options, each checked before use. */
import { type OpenDatabase, openEmulatorDatabase, type SqlPort } from "../db/sql.js";
import { checkDatabaseUrl, dataDirFailure, missingPackageFailure, probeDatabase } from "./start-checks.js";

/** The start options that choose the database (`EmulatorOptions` describes each). */
interface StorageOptions {
  database?: SqlPort | undefined;
  connectionString?: string | undefined;
  dataDir?: string | undefined;
}

/** Opens the database the options name, checking each before use; a failure is an `EmulatorStartError`. */
export async function openStorage(options: StorageOptions): Promise<OpenDatabase> {
  if (options.database) return { db: options.database, pool: async () => options.database, close: async () => {} };
  if (options.connectionString) {
    const url = checkDatabaseUrl(options.connectionString);
    const opened = await openEmulatorDatabase({ connectionString: options.connectionString });
    try {
      await probeDatabase(opened.db, url);
    } catch (error) {
      // A server that never answered may keep its connection attempt pending: close without waiting on it.
      void opened.close().catch(() => undefined);
      throw error;
    }
    return opened;
  }
  const dataDir = options.dataDir;
  if (!dataDir)
    return openEmulatorDatabase().catch((error: unknown) => {
      throw missingPackageFailure(error) ?? error;
    });
  return openEmulatorDatabase({ dataDir }).catch((error: unknown) => {
    throw dataDirFailure(error, dataDir);
  });
}
