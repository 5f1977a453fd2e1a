/// The tool's name and version, as reports, caches and `--version` print them.
public enum Tool {
    public static let name = "stickerlint"
    public static let version = "0.1.0"
    public static let informationURI = "https://github.com/stickerlint/stickerlint"
}
