# SPDX-License-Identifier: BSL-1.0
"""Builds the Python package urns (pyproject.toml has its metadata).

The extension module urns._urns is built by the project's CMake, target
urns_python, in a build tree of its own under setuptools' build_temp
(Release, without the tests, tools, examples and documentation); or, if
URNS_CMAKE_BUILD_DIR names a CMake build tree of this source already
configured with the Python package, in that tree (what ctest
python_wheel does, so that the wheel holds the module just tested).
CMAKE_ARGS adds arguments to the configure step; CMAKE_BUILD_PARALLEL_LEVEL
(CMake's own) the build's jobs. The version is include/urns/version.hpp's.
"""

import glob
import os
import re
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))


def version():
    with open(os.path.join(HERE, "include", "urns", "version.hpp"), encoding="utf-8") as f:
        text = f.read()
    parts = [re.search(r"#define URNS_VERSION_%s (\d+)" % p, text).group(1) for p in ("MAJOR", "MINOR", "PATCH")]
    return ".".join(parts)


class CMakeBuild(build_ext):
    """build_ext by CMake: the module is a target of the project's build."""

    def build_extension(self, ext):
        tree = os.environ.get("URNS_CMAKE_BUILD_DIR")
        if not tree:
            tree = os.path.abspath(os.path.join(self.build_temp, "cmake"))
            configure = ["cmake", "-S", HERE, "-B", tree, "-DCMAKE_BUILD_TYPE=Release",
                         "-DPython3_EXECUTABLE=" + sys.executable, "-DURNS_BUILD_PYTHON=ON",
                         "-DURNS_BUILD_TESTS=OFF", "-DURNS_BUILD_TOOLS=OFF", "-DURNS_BUILD_EXAMPLES=OFF",
                         "-DURNS_BUILD_DOCS=OFF", "-DURNS_INSTALL=OFF"]
            if shutil.which("ninja"):
                configure += ["-G", "Ninja"]
            configure += os.environ.get("CMAKE_ARGS", "").split()
            subprocess.run(configure, check=True)
        subprocess.run(["cmake", "--build", tree, "--target", "urns_python"], check=True)
        built = glob.glob(os.path.join(tree, "python", "urns", "_urns*" + self._suffix()))
        if len(built) != 1:
            raise RuntimeError("urns: the CMake build made no single module urns._urns in %s: %r" % (tree, built))
        target = self.get_ext_fullpath(ext.name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(built[0], target)

    @staticmethod
    def _suffix():
        import sysconfig

        return sysconfig.get_config_var("EXT_SUFFIX")


# egg-info goes under build/ (ignored by git), not next to the package in python/.
EGG_BASE = os.path.join("build", "egg-info")
os.makedirs(os.path.join(HERE, EGG_BASE), exist_ok=True)

setup(version=version(), ext_modules=[Extension("urns._urns", sources=[])], cmdclass={"build_ext": CMakeBuild},
      options={"egg_info": {"egg_base": EGG_BASE}})
