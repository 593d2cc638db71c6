// Installable like any desktop program: cmake --install into a temporary prefix lays out
// the programs, the desktop entry, the icons in the hicolor sizes, the MIME type, the AppStream
// metadata, the licence and the shipped lectures and help; the installed programs run from there
// (frictionlab-cli list and a short run; the GUI started on an installed lecture under the offscreen
// platform); cpack -G DEB builds a package with those files under /usr and its dependencies declared.
// desktop-file-validate and appstreamcli validate check the files where they are installed
// (setup.sh installs both).
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Outcome {
    int exitCode = -1;
    QString out;
};

/// Runs a program to its end (at most `ms`), stdout and stderr merged.
Outcome run(const QString& program, const QStringList& arguments, int ms = 120000, const QString& workingDirectory = {})
{
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    if (!workingDirectory.isEmpty())
        p.setWorkingDirectory(workingDirectory);
    p.start(program, arguments);
    Outcome o;
    if (!p.waitForFinished(ms)) {
        p.kill();
        p.waitForFinished();
        o.out = QStringLiteral("timed out: ") + program;
        return o;
    }
    o.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    o.out = QString::fromUtf8(p.readAll());
    return o;
}

/// Validates a file with a tool when it is installed (setup.sh installs desktop-file-utils and appstream).
void validateWith(const QString& tool, QStringList arguments)
{
    const QString path = QStandardPaths::findExecutable(tool);
    if (path.isEmpty()) {
        qInfo("%s is not installed: not validated", qPrintable(tool));
        return;
    }
    const Outcome o = run(path, arguments, 60000);
    QVERIFY2(o.exitCode == 0, qPrintable(tool + QStringLiteral(": ") + o.out));
}

const QString kLecture = QStringLiteral("share/frictionlab/lectures/stick-slip-in-ten-scenes.frictionlab");
const QString kMetainfo = QStringLiteral("share/metainfo/org.frictionlab.FrictionLab.metainfo.xml");

} // namespace

class TestInstall : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_prefix;
    QString root() const { return m_prefix.path() + QStringLiteral("/"); }

private slots:
    void initTestCase()
    {
        qputenv("QT_QPA_PLATFORM", "offscreen"); // for every program started below
        QVERIFY(m_prefix.isValid());
        const Outcome o = run(QStringLiteral(FRICTIONLAB_CMAKE),
                              {QStringLiteral("--install"), QStringLiteral(FRICTIONLAB_BUILD_DIR), QStringLiteral("--prefix"), m_prefix.path()});
        QVERIFY2(o.exitCode == 0, qPrintable(o.out));
    }

    void filesAreInPlace()
    {
        QStringList expected = {QStringLiteral("bin/frictionlab"), QStringLiteral("bin/frictionlab-cli"),
                                QStringLiteral("share/applications/frictionlab.desktop"),
                                QStringLiteral("share/icons/hicolor/scalable/apps/frictionlab.svg"),
                                QStringLiteral("share/mime/packages/frictionlab.xml"), kMetainfo,
                                QStringLiteral("share/doc/frictionlab/copyright"), QStringLiteral("share/doc/frictionlab/README.md"),
                                kLecture, QStringLiteral("share/frictionlab/help/index.html"),
                                QStringLiteral("share/frictionlab/help/system-brake.html"),
                                QStringLiteral("share/frictionlab/help/sketches/brake.svg")};
        for (int size : {16, 24, 32, 48, 64, 128, 256, 512})
            expected << QStringLiteral("share/icons/hicolor/%1x%1/apps/frictionlab.png").arg(size);
        for (const QString& file : expected)
            QVERIFY2(QFileInfo::exists(root() + file), qPrintable(file));
        for (int size : {16, 48, 512}) {
            const QImage icon(root() + QStringLiteral("share/icons/hicolor/%1x%1/apps/frictionlab.png").arg(size));
            QCOMPARE(icon.size(), QSize(size, size));
        }
        // Every help page and sketch of the source tree is installed.
        const QDir help(QStringLiteral(FRICTIONLAB_SOURCE_DIR "/resources/help"));
        for (const QString& page : help.entryList({QStringLiteral("*.html")}, QDir::Files))
            QVERIFY2(QFileInfo::exists(root() + QStringLiteral("share/frictionlab/help/") + page), qPrintable(page));
        QFile licence(root() + QStringLiteral("share/doc/frictionlab/copyright"));
        QVERIFY(licence.open(QIODevice::ReadOnly));
        QVERIFY(licence.readAll().contains("GNU GENERAL PUBLIC LICENSE"));
    }

    void desktopEntryMimeAndMetainfo()
    {
        QFile desktop(root() + QStringLiteral("share/applications/frictionlab.desktop"));
        QVERIFY(desktop.open(QIODevice::ReadOnly));
        const QString entry = QString::fromUtf8(desktop.readAll());
        for (const char* line : {"Exec=frictionlab %f", "Icon=frictionlab", "Terminal=false", "Categories=Education;Science;Physics;",
                                 "MimeType=application/x-frictionlab-session;"})
            QVERIFY2(entry.contains(QLatin1String(line)), line);
        QFile mime(root() + QStringLiteral("share/mime/packages/frictionlab.xml"));
        QVERIFY(mime.open(QIODevice::ReadOnly));
        const QString xml = QString::fromUtf8(mime.readAll());
        QVERIFY(xml.contains(QLatin1String("application/x-frictionlab-session")));
        QVERIFY(xml.contains(QLatin1String("*.frictionlab")));
        QFile metainfo(root() + kMetainfo);
        QVERIFY(metainfo.open(QIODevice::ReadOnly));
        const QString component = QString::fromUtf8(metainfo.readAll());
        for (const char* part : {"<launchable type=\"desktop-id\">frictionlab.desktop</launchable>",
                                 "<project_license>GPL-3.0-or-later</project_license>", "<binary>frictionlab-cli</binary>"})
            QVERIFY2(component.contains(QLatin1String(part)), part);
        validateWith(QStringLiteral("desktop-file-validate"), {desktop.fileName()});
        validateWith(QStringLiteral("appstreamcli"), {QStringLiteral("validate"), QStringLiteral("--no-net"), metainfo.fileName()});
    }

    /// The installed command-line tool: list, and a short run written to a file.
    void installedCliRuns()
    {
        const QString cli = root() + QStringLiteral("bin/frictionlab-cli");
        const Outcome list = run(cli, {QStringLiteral("list")});
        QVERIFY2(list.exitCode == 0, qPrintable(list.out));
        QVERIFY(list.out.contains(QLatin1String("brake: Two-DOF brake model (S4)")));
        QTemporaryDir work;
        const Outcome r = run(cli, {QStringLiteral("run"), QStringLiteral("--t-end"), QStringLiteral("20"), QStringLiteral("--out"),
                                    QStringLiteral("run.csv")},
                              120000, work.path());
        QVERIFY2(r.exitCode == 0, qPrintable(r.out));
        QFile csv(work.path() + QStringLiteral("/run.csv"));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = csv.readAll().split('\n');
        int rows = 0;
        for (const QByteArray& line : lines)
            rows += !line.isEmpty() && !line.startsWith('#');
        QCOMPARE(rows, 1 + 2001); // header and t = 0, 0.01, ..., 20
        // The installed tool reads the installed lecture.
        const Outcome lecture = run(cli, {QStringLiteral("run"), QStringLiteral("--session"), root() + kLecture, QStringLiteral("--scene"),
                                          QStringLiteral("2"), QStringLiteral("--t-end"), QStringLiteral("5"), QStringLiteral("--out"),
                                          work.path() + QStringLiteral("/scene.csv")});
        QVERIFY2(lecture.exitCode == 0, qPrintable(lecture.out));
    }

    /// The installed application starts on the installed lecture (offscreen) and keeps running: it
    /// found everything it needs (help, icons, the lecture's scenes) wherever the prefix is.
    void installedGuiStartsWithALecture()
    {
        QProcess gui;
        gui.setProcessChannelMode(QProcess::MergedChannels);
        gui.start(root() + QStringLiteral("bin/frictionlab"), {root() + kLecture, QStringLiteral("--scene"), QStringLiteral("3")});
        QVERIFY(gui.waitForStarted(30000));
        QVERIFY2(!gui.waitForFinished(5000), qPrintable(QString::fromUtf8(gui.readAll()))); // still running after 5 s
        QCOMPARE(gui.state(), QProcess::Running);
        gui.terminate();
        if (!gui.waitForFinished(10000)) {
            gui.kill();
            gui.waitForFinished();
        }
        const QString log = QString::fromUtf8(gui.readAll());
        QVERIFY2(!log.contains(QLatin1String("frictionlab:")), qPrintable(log)); // no refused file, no error line
        // A scene that does not exist opens the window with a dialog that says so (a file manager's
        // double click never shows standard error): still running, nothing on standard error.
        QProcess wrong;
        wrong.setProcessChannelMode(QProcess::MergedChannels);
        wrong.start(root() + QStringLiteral("bin/frictionlab"), {root() + kLecture, QStringLiteral("--scene"), QStringLiteral("99")});
        QVERIFY(wrong.waitForStarted(30000));
        QVERIFY2(!wrong.waitForFinished(3000), qPrintable(QString::fromUtf8(wrong.readAll())));
        wrong.terminate();
        if (!wrong.waitForFinished(10000)) {
            wrong.kill();
            wrong.waitForFinished();
        }
        QVERIFY(!QString::fromUtf8(wrong.readAll()).contains(QLatin1String("frictionlab:")));
    }

    /// cpack -G DEB: the package holds the installed tree under /usr and declares the Debian
    /// packages of the libraries it links (dpkg-shlibdeps) so that apt installs them.
    void debianPackage()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("dpkg-shlibdeps")).isEmpty())
            QSKIP("dpkg-dev is not installed (setup.sh installs it)");
        QTemporaryDir out;
        const Outcome pack = run(QStringLiteral(FRICTIONLAB_CPACK), {QStringLiteral("-G"), QStringLiteral("DEB"), QStringLiteral("-B"), out.path()},
                                 300000, QStringLiteral(FRICTIONLAB_BUILD_DIR));
        QVERIFY2(pack.exitCode == 0, qPrintable(pack.out));
        const QStringList debs = QDir(out.path()).entryList({QStringLiteral("frictionlab_*.deb")}, QDir::Files);
        QCOMPARE(debs.size(), 1);
        const QString deb = out.path() + QStringLiteral("/") + debs.first();
        const Outcome info = run(QStringLiteral("dpkg-deb"), {QStringLiteral("-I"), deb});
        QVERIFY2(info.exitCode == 0, qPrintable(info.out));
        for (const char* field : {"Package: frictionlab", "Section: science", "libqt6widgets6", "libqt6gui6", "libqt6svg6",
                                  "libqcustomplot2.1-qt6", "libsundials-cvode6"})
            QVERIFY2(info.out.contains(QLatin1String(field)), field);
        const Outcome contents = run(QStringLiteral("dpkg-deb"), {QStringLiteral("-c"), deb});
        for (const char* file : {"./usr/bin/frictionlab", "./usr/bin/frictionlab-cli", "./usr/share/applications/frictionlab.desktop",
                                 "./usr/share/metainfo/org.frictionlab.FrictionLab.metainfo.xml", "./usr/share/doc/frictionlab/copyright",
                                 "./usr/share/frictionlab/lectures/stick-slip-in-ten-scenes.frictionlab"})
            QVERIFY2(contents.out.contains(QLatin1String(file)), file);
    }
};

QTEST_GUILESS_MAIN(TestInstall)
#include "test_install.moc"
