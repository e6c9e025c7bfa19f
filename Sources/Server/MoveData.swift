import ArgumentParser
import Foundation
import Storage

/// `trakx move-data --to postgres://… [--from PATH]`: copies a SQLite file's lists, favourites, alerts, push key and kept
/// PTV answers into PostgreSQL (migrating it first), says what it moved, and can be run again safely (it adds nothing
/// the second time).
struct MoveData: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "move-data",
        abstract: "Copy favourites, alerts, the push key and kept PTV answers from a SQLite file into PostgreSQL.")

    @Option(help: "The PostgreSQL database to copy into (a postgres:// URL).")
    var to: String

    @Option(help: "The SQLite file to copy from (default: the file trakx serve uses by default).")
    var from: String?

    func validate() throws {
        guard PostgresURL.isPostgres(to) else { throw ValidationError("--to must be a postgres:// URL") }
    }

    func run() async throws {
        let path = from ?? Database.defaultPath()
        guard FileManager.default.fileExists(atPath: path) else {
            throw MoveDataError(description: "There is no SQLite file at \(path), so nothing was moved.")
        }
        let source = try Database(path: path)
        let target: PostgresDatabase
        do {
            target = try PostgresDatabase(url: to)
        } catch {
            await source.shutdown()
            throw MoveDataError(description: "Could not open \(PostgresURL.redacted(to)): \(error)")
        }
        let moved: DataMove.Moved
        do {
            moved = try await DataMove.move(from: source, to: target)
        } catch {
            await source.shutdown()
            await target.shutdown()
            throw error
        }
        await source.shutdown()
        await target.shutdown()
        say(moved.sentence)
    }
}

/// Why `move-data` stopped, in words for the operator (a PostgreSQL URL's password is never in them).
struct MoveDataError: Error, CustomStringConvertible {
    /// What went wrong.
    let description: String
}
