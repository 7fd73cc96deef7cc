# Build the Windows installer: the PyInstaller folder, then Inno Setup. Run from the repository root:
#     powershell -ExecutionPolicy Bypass -File packaging\windows\build.ps1
# Needs Python with the game, pyinstaller and pillow installed, and Inno Setup 6 (iscc on the PATH).
$ErrorActionPreference = "Stop"
$version = python -c "import tomllib; print(tomllib.load(open('pyproject.toml','rb'))['project']['version'])"
$parts = ($version.Split('.') + @('0', '0', '0'))[0..3] -join ', '
$info = Get-Content packaging\windows\version_info.txt -Raw
$info = $info -replace 'filevers=\([^)]*\)', "filevers=($parts)" -replace 'prodvers=\([^)]*\)', "prodvers=($parts)"
$info = $info -replace "'FileVersion', '[^']*'", "'FileVersion', '$version'" -replace "'ProductVersion', '[^']*'", "'ProductVersion', '$version'"
Set-Content packaging\windows\version_info.txt $info
python packaging\make_icons.py
python -m PyInstaller --noconfirm --clean build.spec
iscc /DAppVersion=$version /DSourceDir=..\..\dist\dominoes-desktop packaging\windows\dominoes-desktop.iss
Get-FileHash dist\DominoesDesktop-$version-windows-setup.exe -Algorithm SHA256 |
    ForEach-Object { "$($_.Hash.ToLower())  DominoesDesktop-$version-windows-setup.exe" } |
    Set-Content dist\SHA256SUMS-windows.txt
