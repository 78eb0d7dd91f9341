# Build the Windows installer into dist\ (run from anywhere, in PowerShell on Windows):
#
#   powershell -ExecutionPolicy Bypass -File packaging\windows\build.ps1
#   -> dist\orcus-desktop-VERSION-windows-x64-setup.exe
#
# Builds packaging\orcus.spec with PyInstaller, then compiles packaging\windows\orcus.iss with
# Inno Setup 6 (ISCC.exe on PATH or in its default folder; `choco install innosetup` installs
# it). The version is pyproject.toml's (packaging\version.py). $env:PYTHON names the
# interpreter that has PyInstaller (default: .venv's, else `python`).
$ErrorActionPreference = "Stop"
$repo = Resolve-Path (Join-Path $PSScriptRoot "..\..")
Set-Location $repo

$python = $env:PYTHON
if (-not $python) {
    $venv = Join-Path $repo ".venv\Scripts\python.exe"
    if (Test-Path $venv) { $python = $venv } else { $python = "python" }
}
$version = (& $python packaging\version.py).Trim()
if ($LASTEXITCODE -ne 0 -or -not $version) { throw "cannot read the version from pyproject.toml" }

Write-Host "windows-build: building Orcus Desktop $version with PyInstaller"
& $python -m PyInstaller --noconfirm --log-level WARN `
    --distpath build\windows\pyinstaller --workpath build\windows\pyinstaller-work `
    packaging\orcus.spec
if ($LASTEXITCODE -ne 0) { throw "PyInstaller failed" }
$bundle = Join-Path $repo "build\windows\pyinstaller\orcus-desktop"
if (-not (Test-Path (Join-Path $bundle "orcus-desktop.exe"))) { throw "no orcus-desktop.exe in $bundle" }

$iscc = (Get-Command ISCC.exe -ErrorAction SilentlyContinue).Source
if (-not $iscc) {
    foreach ($folder in @(${env:ProgramFiles(x86)}, $env:ProgramFiles, "$env:LOCALAPPDATA\Programs")) {
        $candidate = Join-Path $folder "Inno Setup 6\ISCC.exe"
        if ($folder -and (Test-Path $candidate)) { $iscc = $candidate; break }
    }
}
if (-not $iscc) { throw "Inno Setup 6 is not installed (choco install innosetup)" }

Write-Host "windows-build: compiling the installer with $iscc"
& $iscc /Qp "/DAppVersion=$version" "/DBundleDir=$bundle" packaging\windows\orcus.iss
if ($LASTEXITCODE -ne 0) { throw "ISCC failed" }
$setup = Join-Path $repo "dist\orcus-desktop-$version-windows-x64-setup.exe"
if (-not (Test-Path $setup)) { throw "ISCC wrote no $setup" }
Write-Output $setup
