# Build the Windows installer: the PyInstaller folder, then Inno Setup. Run from the repository root:
#     powershell -ExecutionPolicy Bypass -File packaging\windows\build.ps1
# Needs Python with the game, pyinstaller and pillow installed, and Inno Setup 6 (iscc on the PATH).
# Signing is optional: with SIGN_PFX (a .pfx file) and SIGN_PASSWORD set, the game's .exe and the installer are
# signed with signtool from the Windows SDK and time-stamped; without them both stay unsigned.
$ErrorActionPreference = "Stop"
$version = python -c "import tomllib; print(tomllib.load(open('pyproject.toml','rb'))['project']['version'])"
$parts = ($version.Split('.') + @('0', '0', '0'))[0..3] -join ', '
$info = Get-Content packaging\windows\version_info.txt -Raw
$info = $info -replace 'filevers=\([^)]*\)', "filevers=($parts)" -replace 'prodvers=\([^)]*\)', "prodvers=($parts)"
$info = $info -replace "'FileVersion', '[^']*'", "'FileVersion', '$version'" -replace "'ProductVersion', '[^']*'", "'ProductVersion', '$version'"
Set-Content packaging\windows\version_info.txt $info

function Invoke-Signing([string]$file) {
    if (-not $env:SIGN_PFX) { return }
    $signtool = Get-ChildItem "${env:ProgramFiles(x86)}\Windows Kits\10\bin" -Recurse -Filter signtool.exe |
        Where-Object { $_.FullName -like '*\x64\*' } | Sort-Object FullName | Select-Object -Last 1
    if (-not $signtool) { throw "signtool.exe not found: install the Windows SDK" }
    & $signtool.FullName sign /f $env:SIGN_PFX /p $env:SIGN_PASSWORD /fd SHA256 /tr http://timestamp.digicert.com /td SHA256 /d "Dominoes Desktop" $file
    if ($LASTEXITCODE -ne 0) { throw "signing $file failed" }
}

python packaging\make_icons.py
python -m PyInstaller --noconfirm --clean build.spec
if ($LASTEXITCODE -ne 0) { throw "PyInstaller failed" }
Invoke-Signing dist\dominoes-desktop\dominoes-desktop.exe
iscc /DAppVersion=$version /DSourceDir=..\..\dist\dominoes-desktop packaging\windows\dominoes-desktop.iss
if ($LASTEXITCODE -ne 0) { throw "Inno Setup failed" }
$setup = "dist\DominoesDesktop-$version-windows-setup.exe"
Invoke-Signing $setup
Get-FileHash $setup -Algorithm SHA256 |
    ForEach-Object { "$($_.Hash.ToLower())  DominoesDesktop-$version-windows-setup.exe" } |
    Set-Content dist\SHA256SUMS-windows.txt
