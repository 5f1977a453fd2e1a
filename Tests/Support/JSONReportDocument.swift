/// The JSON document of SPEC §6, decoded strictly.
public struct JSONReportDocument: Decodable {
    public struct ToolInfo: Decodable { public var name: String; public var version: String }
    public struct Summary: Decodable { public var files: Int; public var errors: Int; public var warnings: Int; public var notes: Int }
    public struct File: Decodable {
        public var path: String
        public var format: String?
        public var bytes: Int?
        public var width: Int?
        public var height: Int?
        public var frames: Int?
        public var hasAlpha: Bool?
    }
    public struct Item: Decodable { public var rule: String; public var severity: String; public var path: String; public var message: String }
    public var tool: ToolInfo
    public var summary: Summary
    public var files: [File]
    public var diagnostics: [Item]
}
