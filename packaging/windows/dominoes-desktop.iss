; Inno Setup script for Dominoes Desktop: installs the PyInstaller folder, Start-menu and desktop
; shortcuts, and an uninstaller. Built by packaging/windows/build.ps1:
;     iscc /DAppVersion=0.1.0 /DSourceDir=..\..\dist\dominoes-desktop packaging\windows\dominoes-desktop.iss
#ifndef AppVersion
  #define AppVersion "0.1.0"
#endif
#ifndef SourceDir
  #define SourceDir "..\..\dist\dominoes-desktop"
#endif

[Setup]
AppId={{6E1F3C2A-5B7D-4E8F-9A10-D0A1B2C3D4E5}
AppName=Dominoes Desktop
AppVersion={#AppVersion}
AppPublisher=Dominoes Desktop
DefaultDirName={autopf}\Dominoes Desktop
DefaultGroupName=Dominoes Desktop
UninstallDisplayIcon={app}\dominoes-desktop.exe
OutputDir=..\..\dist
OutputBaseFilename=DominoesDesktop-{#AppVersion}-windows-setup
SetupIconFile=..\..\resources\icons\dominoes-desktop.ico
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
PrivilegesRequiredOverridesAllowed=dialog

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"
Name: "spanish"; MessagesFile: "compiler:Languages\Spanish.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"

[Files]
Source: "{#SourceDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{group}\Dominoes Desktop"; Filename: "{app}\dominoes-desktop.exe"
Name: "{group}\{cm:UninstallProgram,Dominoes Desktop}"; Filename: "{uninstallexe}"
Name: "{autodesktop}\Dominoes Desktop"; Filename: "{app}\dominoes-desktop.exe"; Tasks: desktopicon

[Registry]
; Invite links (dominoes://HOST:PORT/CODE#FINGERPRINT) open the game on its Join dialog. HKA: the machine's
; classes when installed for everyone, the user's own when installed for one user.
Root: HKA; Subkey: "Software\Classes\dominoes"; ValueType: string; ValueName: ""; ValueData: "URL:Dominoes Desktop invite"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\dominoes"; ValueType: string; ValueName: "URL Protocol"; ValueData: ""
Root: HKA; Subkey: "Software\Classes\dominoes\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: """{app}\dominoes-desktop.exe"",0"
Root: HKA; Subkey: "Software\Classes\dominoes\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\dominoes-desktop.exe"" ""%1"""

[Run]
Filename: "{app}\dominoes-desktop.exe"; Description: "{cm:LaunchProgram,Dominoes Desktop}"; Flags: nowait postinstall skipifsilent
