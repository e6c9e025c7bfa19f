// swift-tools-version:6.0
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// A C library of the system, behind `Sources/<name>/shim.h`, found with pkg-config, from a Debian package.
func cLibrary(_ name: String, pkgConfig: String, apt: String) -> Target {
    .systemLibrary(name: name, pkgConfig: pkgConfig, providers: [.apt([apt])])
}

// The outside libraries, named once.
let crypto: Target.Dependency = .product(name: "Crypto", package: "swift-crypto")
let logging: Target.Dependency = .product(name: "Logging", package: "swift-log")
let mustache: Target.Dependency = .product(name: "Mustache", package: "swift-mustache")
let argumentParser: Target.Dependency = .product(name: "ArgumentParser", package: "swift-argument-parser")
let jwt: Target.Dependency = .product(name: "JWTKit", package: "jwt-kit")

let package = Package(
    name: "trakx",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "trakx", targets: ["Server"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
        .package(url: "https://github.com/vapor/jwt-kit", from: "5.7.1"),
    ],
    targets: [
        cLibrary("CMicroHTTPD", pkgConfig: "libmicrohttpd", apt: "libmicrohttpd-dev"),
        cLibrary("CCurl", pkgConfig: "libcurl", apt: "libcurl4-openssl-dev"),
        cLibrary("CZlib", pkgConfig: "zlib", apt: "zlib1g-dev"),
        cLibrary("CSQLite", pkgConfig: "sqlite3", apt: "libsqlite3-dev"),
        cLibrary("CPostgres", pkgConfig: "libpq", apt: "libpq-dev"),
        cLibrary("CRedis", pkgConfig: "hiredis", apt: "libhiredis-dev"),
        .target(
            name: "HTTPServer",
            dependencies: [
                "CMicroHTTPD",
                "CZlib",
                logging,
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "Workers",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "HTTPClient",
            dependencies: ["CCurl", "Workers"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "Storage",
            dependencies: ["CSQLite", "CPostgres", "Workers"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "WebPush",
            dependencies: [
                "HTTPClient",
                crypto,
                jwt,
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PTV",
            dependencies: [
                "HTTPClient",
                crypto,
                logging,
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PTVSimulator",
            dependencies: [
                "PTV",
                "HTTPServer",
                crypto,
                logging,
            ],
            exclude: ["README.md"],
            resources: [.copy("Resources/network.json")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "SharedCache",
            dependencies: ["CRedis", "Workers", "PTV", logging],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "App",
            dependencies: [
                "HTTPServer",
                "HTTPClient",
                "Storage",
                "PTV",
                "PTVSimulator",
                "WebPush",
                "SharedCache",
                crypto,
                mustache,
                logging,
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "Server",
            dependencies: [
                "App",
                "PTVSimulator",
                argumentParser,
                logging,
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "TestSupport",
            dependencies: ["HTTPServer", "HTTPClient", "Storage", "CZlib", logging],
            path: "Tests/TestSupport",
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "TestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "StorageTests", dependencies: ["Storage", "TestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "PTVTests", dependencies: ["PTV", "PTVSimulator", "TestSupport"], exclude: ["Fixtures"], swiftSettings: swiftSettings),
        .testTarget(name: "SharedCacheTests", dependencies: ["SharedCache", "PTV", "TestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "WebPushTests", dependencies: ["WebPush", "TestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "AppTests", dependencies: ["App", "PTVSimulator", "WebPush", "SharedCache", "TestSupport"], resources: [.copy("Fixtures")], swiftSettings: swiftSettings),
    ]
)
