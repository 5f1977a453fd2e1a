# Homebrew formula for a tap (`brew tap stickerlint/tap && brew install stickerlint`): builds the tagged
# release's source with Homebrew's Swift conventions (Xcode's toolchain on macOS, `swift` on Linux, the
# build sandbox off because SwiftPM has its own). The release workflow fills in url and sha256
# (scripts/update-formula.sh); STICKERLINT_VERSION and STICKERLINT_SOURCE_SHA256 are its placeholders.
# libpng, giflib and libjpeg-turbo are vendored in the source; zlib comes with macOS. libvpx (VP9, for
# Telegram's video stickers: the VideoStickers trait) is Homebrew's, found through pkg-config.
class Stickerlint < Formula
  desc "Validator for iMessage sticker packs and Xcode sticker catalogs"
  homepage "https://github.com/stickerlint/stickerlint"
  url "https://github.com/stickerlint/stickerlint/archive/refs/tags/vSTICKERLINT_VERSION.tar.gz"
  sha256 "STICKERLINT_SOURCE_SHA256"
  license "MIT"
  head "https://github.com/stickerlint/stickerlint.git", branch: "main"

  depends_on "pkgconf" => :build
  depends_on xcode: ["16.0", :build]
  depends_on "libvpx"

  uses_from_macos "swift" => :build
  uses_from_macos "zlib"

  def install
    args = ["--disable-sandbox", "--configuration", "release", "--product", "stickerlint",
            "--traits", "VendoredCodecs,VideoStickers", "--disable-default-traits"]
    args << "--static-swift-stdlib" if OS.linux?
    system "swift", "build", *args
    bin.install ".build/release/stickerlint"
    pkgshare.install "SamplePacks/Good.xcstickers", "SamplePacks/Bad.xcstickers"
  end

  test do
    assert_match version.to_s, shell_output("#{bin}/stickerlint --version")
    cp_r pkgshare/"Good.xcstickers", testpath
    assert_match "0 errors, 0 warnings", shell_output("#{bin}/stickerlint check #{testpath}/Good.xcstickers")
    cp_r pkgshare/"Bad.xcstickers", testpath
    output = shell_output("#{bin}/stickerlint check #{testpath}/Bad.xcstickers", 1)
    assert_match "file is 540,212 bytes", output
  end
end
