import Foundation
import Testing
import TestSupport

/// A real fleet for a test (Scripts/fleet.sh): PostgreSQL and Redis of its own, one PTV simulator, three `trakx serve`
/// processes sharing them and HAProxy in front, all on loopback in a temporary folder, stopped and removed by `down()`.
final class Fleet: Sendable {
    /// The folder everything lives in (logs, pid files, the proxy's configuration, the servers' data).
    let folder: String
    /// The proxy's port: what a rider's browser reaches.
    let port: UInt16
    /// Each instance's own port, instance 1 first.
    let instancePorts: [UInt16]
    /// The environment `fleet.sh` wrote (`FLEET_*`).
    let settings: [String: String]

    private init(folder: String, port: UInt16, instancePorts: [UInt16], settings: [String: String]) {
        self.folder = folder
        self.port = port
        self.instancePorts = instancePorts
        self.settings = settings
    }

    /// Starts a fleet of `instances` with `serveArguments` given to each instance and `simulatorArguments` to the simulator.
    static func up(instances: Int = 3, serveArguments: String = "", simulatorArguments: String = "--seed 7") async throws -> Fleet {
        let folder = NSTemporaryDirectory() + "trakx-fleet-" + UUID().uuidString.prefix(8)
        let port = try freeLoopbackPort()
        var environment = ProcessInfo.processInfo.environment
        for name in ["PTV_DEVID", "PTV_KEY", "PTV_BASE_URL"] { environment.removeValue(forKey: name) }
        environment["TRAKX_BIN"] = try ServeProcessTests.binary()
        environment["FLEET_PORT"] = String(port)
        environment["FLEET_INSTANCES"] = String(instances)
        environment["FLEET_SERVE_ARGS"] = serveArguments + " --log-level notice"
        environment["FLEET_SIM_ARGS"] = simulatorArguments
        let output = try await script(["up", folder], environment: environment, timeout: 240)
        guard output.status == 0 else {
            _ = try? await script(["down", folder], environment: environment, timeout: 60)
            throw TestFailure("the fleet did not start: \(output.text.suffix(3000))")
        }
        let settings = try readSettings(folder + "/fleet.env")
        let ports = (1 ... instances).compactMap { settings["FLEET_INSTANCE_\($0)_PORT"].flatMap(UInt16.init) }
        return Fleet(folder: folder, port: port, instancePorts: ports, settings: settings)
    }

    /// Runs `body` with a fleet started as `up` starts it, and stops the fleet afterwards, whether `body` throws or not.
    static func with<T>(serveArguments: String = "", simulatorArguments: String = "--seed 7",
                        _ body: (Fleet) async throws -> T) async throws -> T {
        let fleet = try await up(serveArguments: serveArguments, simulatorArguments: simulatorArguments)
        do {
            let result = try await body(fleet)
            await fleet.down()
            return result
        } catch {
            await fleet.down()
            throw error
        }
    }

    /// Stops every part and removes the folder.
    func down() async {
        _ = try? await Self.script(["down", folder], timeout: 90)
    }

    /// Runs `fleet.sh COMMAND FOLDER N` for instance `n` (stop, kill, start, restart).
    @discardableResult
    func instance(_ command: String, _ n: Int) async throws -> Int32 {
        try await Self.script([command, folder, String(n)], timeout: 180).status
    }

    /// A browser that reaches the fleet through the proxy.
    func browser() -> Browser { Browser(port: port) }

    /// A GET through the proxy, with the proxy's host.
    func get(_ target: String, headers: [(String, String)] = [], timeout: Double = 20) throws -> RawResponse {
        try RawHTTP.exchange(RawHTTP.message("GET", target, host: "127.0.0.1:\(port)", headers: headers), port: port, timeout: timeout)
    }

    /// A GET straight to instance `n` (1-based), with the proxy's host as it forwards it.
    func get(_ target: String, instance n: Int, headers: [(String, String)] = []) throws -> RawResponse {
        try RawHTTP.exchange(RawHTTP.message("GET", target, host: "127.0.0.1:\(port)", headers: headers), port: instancePorts[n - 1], timeout: 20)
    }

    /// The sum over every instance of the counter lines of `/metrics` that start with `prefix` (an instance that does not
    /// answer counts 0).
    func metric(_ prefix: String) -> Double {
        instancePorts.indices.reduce(0) { total, index in
            guard let metrics = try? get("/metrics", instance: index + 1) else { return total }
            return total + metrics.text.split(separator: "\n").filter { $0.hasPrefix(prefix) }
                .compactMap { $0.split(separator: " ").last.flatMap { Double($0) } }.reduce(0, +)
        }
    }

    /// The PID in `name` (e.g. "services/redis.pid") under the folder.
    func pid(_ name: String) -> pid_t? {
        (try? String(contentsOfFile: folder + "/" + name, encoding: .utf8)).flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    private static func script(_ arguments: [String], environment: [String: String]? = nil, timeout: Double) async throws -> (status: Int32, text: String) {
        let log = NSTemporaryDirectory() + "trakx-fleet-script-" + UUID().uuidString + ".log"
        defer { try? FileManager.default.removeItem(atPath: log) }
        let child = try ChildProcess.launch("/bin/bash", arguments: [repositoryRoot + "/Scripts/fleet.sh"] + arguments,
                                            environment: environment, errorLog: log)
        let exited = try await onThread { child.waitForExit(timeout: timeout) }
        if !exited { child.kill() }
        let text = child.standardOutput + ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
        return (exited ? child.exitStatus ?? -1 : -1, text)
    }

    private static func readSettings(_ path: String) throws -> [String: String] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var settings: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            settings[String(line[..<equals])] = line[line.index(after: equals)...].trimmingCharacters(in: CharacterSet(charactersIn: "'"))
        }
        return settings
    }
}

extension Fleet {
    /// Runs a shell command line (to kill or start a server of the fleet), returning its exit status.
    @discardableResult
    static func shell(_ line: String, timeout: Double = 60) async throws -> Int32 {
        let child = try ChildProcess.launch("/bin/bash", arguments: ["-c", line])
        let exited = try await onThread { child.waitForExit(timeout: timeout) }
        if !exited { child.kill() }
        return exited ? child.exitStatus ?? -1 : -1
    }
}

/// Riders loading pages through the fleet's proxy, four at a time, until stopped; every answer that is not whole, or
/// is a 5xx, is a failure, written "STATUS TARGET".
final class FleetLoad: Sendable {
    /// The pages asked for in turn: a board, a search, the disruptions, the home page, favourites and the health check.
    static let targets = ["/stops/train/1071", "/search?q=Richmond", "/disruptions", "/", "/favourites", "/healthz", "/stops/tram/2218"]

    let fleet: Fleet
    private let stopped = StopFlag()
    private let results = Collector<String>()
    private let count = Collector<Int>()
    private let done = Collector<Bool>()

    init(fleet: Fleet) { self.fleet = fleet }

    /// Starts the riders on threads of their own.
    func start() {
        for rider in 0 ..< 4 {
            Thread.detachNewThread { [self] in
                var index = rider
                while !stopped.isSet {
                    let target = Self.targets[index % Self.targets.count]
                    index += 1
                    count.append(1)
                    do {
                        let response = try fleet.get(target, timeout: 30)
                        if !response.isWellFormed || response.reset || response.timedOut || response.status >= 500 {
                            results.append("\(response.status) \(target)")
                        }
                    } catch {
                        results.append("error \(target) \(error)")
                    }
                }
                done.append(true)
            }
        }
    }

    /// Stops the riders and says how many requests they sent and which failed.
    func stop() async -> (total: Int, failures: [String]) {
        stopped.set()
        for _ in 0 ..< 400 where done.all.count < 4 { try? await Task.sleep(for: .milliseconds(50)) }
        return (count.all.count, results.all)
    }
}
