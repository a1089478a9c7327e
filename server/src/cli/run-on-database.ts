import { connectDatabase, type Database } from '../db/client.js';
import { loadConfig, type AppConfig } from '../settings/index.js';

/**
 * Runs one command-line task on the settings' database (DATABASE_URL, else SQLite in DATA_DIR). It
 * works whether or not the server is running: SQLite in WAL mode lets both write in turn, and
 * PostgreSQL takes writers from every process. A refusal the task expects (`refusal`) prints its
 * message alone and exits 1; anything else prints in full; the database closes after the task.
 */
export function runOnDatabase(
  task: (database: Database, config: AppConfig, onPostgres: boolean) => Promise<void>,
  refusal: abstract new (...args: never[]) => Error,
): void {
  const main = async () => {
    const config = loadConfig();
    const url = process.env.DATABASE_URL || null;
    const database = await connectDatabase({ url, file: config.databaseFile });
    try {
      await task(database, config, url !== null);
    } catch (err) {
      if (err instanceof refusal) {
        console.error(err.message);
        process.exit(1);
      }
      throw err;
    } finally {
      await database.close();
    }
  };
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
