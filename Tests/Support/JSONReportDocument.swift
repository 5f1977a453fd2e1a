/// The JSON document of SPEC §6, decoded strictly.
package struct JSONReportDocument: Decodable {
    package struct ToolInfo: Decodable { package var name: String; package var version: String }
    package struct Summary: Decodable { package var files: Int; package var errors: Int; package var warnings: Int; package var notes: Int }
    package struct File: Decodable {
        package var path: String
        package var format: String?
        package var bytes: Int?
        package var width: Int?
        package var height: Int?
        package var frames: Int?
        package var hasAlpha: Bool?
    }
    package struct Item: Decodable { package var rule: String; package var severity: String; package var path: String; package var message: String }
    package var tool: ToolInfo
    package var summary: Summary
    package var files: [File]
    package var diagnostics: [Item]
}
